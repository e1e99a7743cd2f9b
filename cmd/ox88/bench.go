package main

import (
	"fmt"
	"os"
	"runtime/pprof"

	"ox88/nnue"
	"ox88/search"
)

func init() {
	commands["bench"] = command{"search fixed positions to a fixed depth; last line: N nodes M nps", runBench}
}

func runBench(args []string) int {
	fs := newFlagSet("bench", "usage: ox88 bench [--depth N] [-v] [--options LIST] [--threads N] [--eval-file NET]\n\nSearches fixed positions to a fixed depth, one thread, fresh hash table\neach; the node count is a signature of the search's behaviour (with the\nembedded net; --eval-file NET times another net, of any shape). With\n--threads N (Lazy SMP) the node count varies from run to run and only\nthe speed, nodes per second over all threads, is a measurement.")
	threads := fs.Int("threads", 1, "search threads")
	depth := fs.Int("depth", search.BenchDepth, "search depth in plies")
	verbose := fs.Bool("v", false, "print nodes per depth for every position")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the searches to this file")
	optList := fs.String("options", "", "search options as ox88 ab names them (\"nnue\": the network evaluates)")
	evalFile := fs.String("eval-file", "", "a network file that evaluates instead of the embedded one, whatever --options says")
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if *threads < 1 || *threads > search.MaxThreads {
		return badUsage("bench", "threads must be 1 to %d", search.MaxThreads)
	}
	if *depth < 1 || *depth > search.MaxPly-8 {
		return badUsage("bench", "depth must be 1 to %d", search.MaxPly-8)
	}
	opt, err := search.ParseOptions(*optList)
	if err != nil {
		return badUsage("bench", "%v", err)
	}
	if *evalFile != "" {
		if opt.Net, err = nnue.Load(*evalFile); err != nil {
			return runError("bench", err)
		}
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return runError("bench", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return runError("bench", err)
		}
		defer pprof.StopCPUProfile()
	}
	var ord search.OrderingStats
	nodes, el := search.BenchWith(*depth, *threads, opt, nil, func(i int, r search.Result, perDepth []uint64) {
		fmt.Printf("%2d %-70s %-6s %10d\n", i+1, search.BenchPositions[i], r.Move, r.Nodes)
		if *verbose {
			fmt.Println("   nodes per depth:", perDepth)
			fmt.Println("   move ordering:", r.Ordering)
		}
		ord.Add(r.Ordering)
	})
	if *verbose {
		fmt.Println("move ordering:", ord)
	}
	fmt.Printf("%d nodes %d nps\n", nodes, search.NPS(nodes, el))
	return 0
}
