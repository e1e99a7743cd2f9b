package main

import (
	"fmt"
	"os"

	"ox88/uci"
)

func init() {
	commands["uci"] = command{"the UCI protocol on stdin/stdout (GUIs, lichess-bot, match runners)", runUCI}
}

func runUCI(args []string) int {
	if len(args) > 0 {
		fmt.Fprintln(os.Stderr, "usage: ox88 uci\n\nSpeaks UCI on stdin and stdout until quit or end of input; send \"uci\" to list the options.")
		if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
			return 0
		}
		return 2
	}
	if err := uci.Run(os.Stdin, os.Stdout); err != nil {
		return runError("uci", err)
	}
	return 0
}
