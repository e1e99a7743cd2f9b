package match

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"ox88/clock"
)

// Protocol names.
const (
	protoUCI    = "uci"
	protoXboard = "xboard"
)

// option is one engine option, sent in the order given.
type option struct{ Name, Value string }

// engineConfig says how to start and set up one engine, and how long it
// may think.
type engineConfig struct {
	Name    string     // the name in reports and PGN
	Cmd     string     // the program
	Args    []string   // its arguments
	Dir     string     // its working directory ("" = the runner's)
	Proto   string     // protoUCI or protoXboard
	Options []option   // UCI "setoption" / xboard "option" settings
	Limits  gameLimits // its own limits (tc=, st=, nodes=, depth=)

	chess960 bool // the match is Chess960 (config.Chess960): xboard's "variant fischerandom"
}

// setChess960 sets the engine up for Chess960 or not: a UCI engine gets
// the option UCI_Chess960 (unless the user set it), an xboard engine
// "variant fischerandom" after each new.
func (cfg *engineConfig) setChess960(on bool) {
	cfg.chess960 = on
	if !on || cfg.Proto != protoUCI {
		return
	}
	for _, o := range cfg.Options {
		if strings.EqualFold(o.Name, "UCI_Chess960") {
			return
		}
	}
	cfg.Options = append(cfg.Options, option{"UCI_Chess960", "true"})
}

// parseEngine reads one engine's settings in cutechess-cli's KEY=VALUE
// form: cmd=PATH, args="A B", name=N, dir=D, proto=uci|xboard,
// option.NAME=VALUE (repeatable), and the limits tc=, st=, nodes=, depth=
// (gameLimits.set). Settings already in base (from --each and the global
// limit flags) are overridden or, for options, added to; a tc= or st=
// replaces the inherited time control whole, so an engine can be given a
// fixed depth where the others play on a clock (tc=none depth=8).
func parseEngine(fields []string, base engineConfig) (engineConfig, error) {
	cfg := base
	cfg.Args = append([]string(nil), base.Args...)
	cfg.Options = append([]option(nil), base.Options...)
	ownTime := false // this list has set tc= or st=
	for _, f := range fields {
		key, value, ok := strings.Cut(f, "=")
		if !ok {
			return cfg, fmt.Errorf("engine setting %q: want KEY=VALUE", f)
		}
		switch {
		case isLimitKey(key):
			if (key == "tc" || key == "st") && !ownTime {
				cfg.Limits.TimeControl, ownTime = clock.TimeControl{}, true
			}
			if err := cfg.Limits.set(key, value); err != nil {
				return cfg, fmt.Errorf("engine setting %q: %w", f, err)
			}
		case key == "cmd":
			cfg.Cmd = value
		case key == "args" || key == "arg":
			args, err := splitArgs(value)
			if err != nil {
				return cfg, fmt.Errorf("engine setting %q: %w", f, err)
			}
			if key == "arg" {
				args = []string{value}
			}
			cfg.Args = append(cfg.Args, args...)
		case key == "name":
			cfg.Name = value
		case key == "dir":
			cfg.Dir = value
		case key == "proto":
			if value != protoUCI && value != protoXboard {
				return cfg, fmt.Errorf("engine setting %q: proto must be uci or xboard", f)
			}
			cfg.Proto = value
		case strings.HasPrefix(key, "option."):
			name := strings.TrimPrefix(key, "option.")
			if name == "" {
				return cfg, fmt.Errorf("engine setting %q: option needs a name", f)
			}
			replaced := false
			for i := range cfg.Options {
				if cfg.Options[i].Name == name {
					cfg.Options[i].Value = value
					replaced = true
				}
			}
			if !replaced {
				cfg.Options = append(cfg.Options, option{name, value})
			}
		default:
			return cfg, fmt.Errorf("engine setting %q: unknown key %q", f, key)
		}
	}
	return cfg, nil
}

// finish checks an engine's settings and fills in the defaults.
func (cfg *engineConfig) finish() error {
	if cfg.Cmd == "" {
		return fmt.Errorf("engine %q has no cmd=", cfg.Name)
	}
	if cfg.Proto == "" {
		cfg.Proto = protoUCI
	}
	if cfg.Name == "" {
		cfg.Name = filepath.Base(cfg.Cmd)
	}
	if err := cfg.Limits.check(cfg.Proto); err != nil {
		return fmt.Errorf("engine %s: %w", cfg.Name, err)
	}
	return nil
}

// findProgram checks that the engine's program is there to run before
// any game starts: a missing one used to print a whole report of zero
// games, then the error. A name without a slash is looked up in PATH;
// a relative path is taken from dir= when it is given.
func (cfg *engineConfig) findProgram() error {
	if !strings.ContainsRune(cfg.Cmd, '/') && !strings.ContainsRune(cfg.Cmd, filepath.Separator) {
		if _, err := exec.LookPath(cfg.Cmd); err != nil {
			return fmt.Errorf("engine %s: %w", cfg.Name, err)
		}
		return nil
	}
	path := cfg.Cmd
	if !filepath.IsAbs(path) && cfg.Dir != "" {
		path = filepath.Join(cfg.Dir, path)
	}
	info, err := os.Stat(path)
	switch {
	case err != nil:
		return fmt.Errorf("engine %s: %w", cfg.Name, err)
	case info.IsDir():
		return fmt.Errorf("engine %s: %s is a directory, not a program", cfg.Name, path)
	case runtime.GOOS != "windows" && info.Mode()&0o111 == 0:
		return fmt.Errorf("engine %s: %s is not executable", cfg.Name, path)
	}
	return nil
}

// splitArgs splits s into words at spaces, honouring single and double
// quotes and backslash escapes as a shell does.
func splitArgs(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inWord := false
	var quote rune
	escaped := false
	for _, r := range s {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped = false
		case r == '\\' && quote != '\'':
			escaped = true
			inWord = true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote = r
			inWord = true
		case r == ' ' || r == '\t':
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 || escaped {
		return nil, fmt.Errorf("unterminated quote or escape in %q", s)
	}
	if inWord {
		args = append(args, cur.String())
	}
	return args, nil
}
