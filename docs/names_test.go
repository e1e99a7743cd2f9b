package docs

import (
	"cmp"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// codeIndex is what the repository's Go code declares and uses.
type codeIndex struct {
	packages map[string]map[string]bool // package → its top-level names and its types' members
	members  map[string]map[string]bool // type → its methods and fields (in any package)
	idents   map[string]bool            // every identifier of the code, declared or used
	words    map[string]bool            // lowercase words of its string literals (protocol words)
	files    map[string]bool            // the base names of the .go files
}

// loadCode parses every Go file under root, tests included.
func loadCode(t *testing.T, root string) *codeIndex {
	ix := &codeIndex{packages: map[string]map[string]bool{}, members: map[string]map[string]bool{},
		idents: map[string]bool{}, words: map[string]bool{}, files: map[string]bool{}}
	add := func(m map[string]map[string]bool, key, name string) {
		if m[key] == nil {
			m[key] = map[string]bool{}
		}
		m[key][name] = true
	}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && path != root && (d.Name()[0] == '.' || d.Name() == "testdata") {
			return cmp.Or(err, filepath.SkipDir)
		}
		if strings.HasSuffix(path, ".js") { // the browser page's functions
			text, err := os.ReadFile(path)
			for _, w := range jsWord.FindAllString(string(text), -1) {
				ix.idents[w] = true
			}
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		ix.files[d.Name()] = true
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		pkg := strings.TrimSuffix(f.Name.Name, "_test")
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				add(ix.packages, pkg, decl.Name.Name)
				if decl.Recv != nil {
					add(ix.members, receiverType(decl.Recv.List[0].Type), decl.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range decl.Specs {
					switch spec := spec.(type) {
					case *ast.ValueSpec:
						for _, n := range spec.Names {
							add(ix.packages, pkg, n.Name)
						}
					case *ast.TypeSpec:
						add(ix.packages, pkg, spec.Name.Name)
						for _, m := range typeMembers(spec.Type) {
							add(ix.members, spec.Name.Name, m)
							add(ix.packages, pkg, m)
						}
					}
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				ix.idents[n.Name] = true
			case *ast.BasicLit:
				for _, w := range lowerWord.FindAllString(n.Value, -1) {
					ix.words[w] = true
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// receiverType returns the type name of a method's receiver: T of T, *T
// and T[P].
func receiverType(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// typeMembers returns the fields of a struct type and the methods of an
// interface type.
func typeMembers(e ast.Expr) []string {
	var list *ast.FieldList
	switch x := e.(type) {
	case *ast.StructType:
		list = x.Fields
	case *ast.InterfaceType:
		list = x.Methods
	default:
		return nil
	}
	var out []string
	for _, f := range list.List {
		for _, n := range f.Names {
			out = append(out, n.Name)
		}
		if len(f.Names) == 0 { // embedded: its type's name is the field's
			out = append(out, receiverType(f.Type))
		}
	}
	return out
}

var (
	backticked = regexp.MustCompile("`([^`\n]+)`")
	identifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	call       = regexp.MustCompile(`^([^ (]+)\(.*\)$`)                // Name(args) → Name
	receiver   = regexp.MustCompile(`\(\*?([A-Za-z_][A-Za-z0-9_]*)\)`) // (*T) → T
	jsWord     = regexp.MustCompile(`[A-Za-z_$][A-Za-z0-9_$]*`)
	lowerWord  = regexp.MustCompile(`\b[a-z]+\b`)
	// moveText is a square, a UCI move or a SAN move: chess, not code.
	moveText = regexp.MustCompile(`^([a-h][1-8][a-h][1-8][qrbnQRBN]?|[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=?[QRBN])?[+#]?)$`)
)

// notCode are the backticked words of docs/ENGINE.md that look like Go
// names but are not ox88's. (Lowercase protocol words need no entry: they
// are found in the code's string literals.)
var notCode = map[string]bool{
	// UCI options, a PGN tag, environment variables, piece letters
	"Hash": true, "Threads": true, "OwnBook": true, "BookFile": true, "UCI_Elo": true,
	"UCI_LimitStrength": true, "Termination": true, "NO_COLOR": true, "OX88_TUNE_L2": true, "OX88_FUZZTIME": true,
	"PNBRQK": true, "NaN": true, "SyzygyPath": true, "UseNNUE": true, "EvalFile": true, "UCI_Chess960": true,
	"UCI_ShowWDL": true, "UCI_AnalyseMode": true, "SyzygyProbeDepth": true, "Syzygy50MoveRule": true, "SyzygyProbeLimit": true,
	"KRPvKR": true, "os.PathListSeparator": true, "syzygy/*_test.go": true,
	// names in the Go runtime and in the modules the terminal game uses
	"runtime.asyncPreempt": true, "tea_init.go": true, "lipgloss.HasDarkBackground": true, "OSCTimeout": true,
}

// resolves reports whether name, a backticked word of the guide, names
// something in the code; checked is false for words that are not Go names
// or paths (commands, protocol lines, expressions, moves).
func (ix *codeIndex) resolves(root, name string) (checked, ok bool) {
	if m := call.FindStringSubmatch(name); m != nil {
		name = m[1]
	}
	name = strings.TrimPrefix(strings.TrimPrefix(name, "*"), "ox88/")
	switch {
	case name == "", strings.ContainsAny(name, " …?="), name[0] == '/', notCode[name], moveText.MatchString(name):
		return false, false
	case strings.Contains(name, "/"):
		if st, err := os.Stat(filepath.Join(root, strings.Split(name, "/")[0])); err != nil || !st.IsDir() {
			return false, false // not a path in the repository: "40/60", "runtime/pprof"
		}
		_, err := os.Stat(filepath.Join(root, name))
		return true, err == nil
	case strings.HasSuffix(name, ".go"):
		return true, ix.files[name]
	}
	parts := strings.Split(receiver.ReplaceAllString(name, "$1"), ".")
	for i, p := range parts {
		if !identifier.MatchString(p) && !(p == "*" && i > 0 && i == len(parts)-1) {
			return false, false
		}
	}
	last := parts[len(parts)-1]
	switch pkg, typ := ix.packages[parts[0]], ix.members[parts[0]]; {
	case len(parts) == 1:
		return true, ix.idents[last] || ix.words[last] || token.IsKeyword(last)
	case pkg != nil && len(parts) == 2:
		return true, pkg[last]
	case pkg != nil && len(parts) == 3:
		return true, pkg[parts[1]] && (last == "*" || ix.members[parts[1]][last])
	case typ != nil && len(parts) == 2:
		return true, last == "*" || typ[last]
	default: // a variable or another module's package: the name must be used in the code
		return true, last == "*" || ix.idents[last]
	}
}

// TestGuideNames checks every name docs/ENGINE.md cites in backticks (a
// function, a method, a type, a field, a file) against the code.
func TestGuideNames(t *testing.T) {
	const root = ".."
	ix := loadCode(t, root)
	text, err := os.ReadFile("ENGINE.md")
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	checked := 0
	for _, m := range backticked.FindAllStringSubmatch(string(text), -1) {
		c, ok := ix.resolves(root, m[1])
		if c {
			checked++
		}
		if c && !ok && !slices.Contains(missing, m[1]) {
			missing = append(missing, m[1])
		}
	}
	if len(missing) > 0 {
		t.Errorf("docs/ENGINE.md cites %d names that are not in the code:\n\t%s", len(missing), strings.Join(missing, "\n\t"))
	}
	if checked < 1000 {
		t.Errorf("only %d names checked", checked)
	}
}

// TestResolves checks the checker on names that exist, names that do not,
// and words that are not names.
func TestResolves(t *testing.T) {
	const root = ".."
	ix := loadCode(t, root)
	cases := []struct {
		name        string
		checked, ok bool
	}{
		{"search.Bench", true, true},
		{"search.Bench(depth, each)", true, true},
		{"chess.(*Position).At", true, true},
		{"(*MoveList).Slice", true, true},
		{"engine.Engine.Go", true, true},
		{"engine.Go", true, true},
		{"search.(*TranspositionTable).*", true, true},
		{"Limits.MoveOverhead", true, true},
		{"negamax", true, true},
		{"isready", true, true},
		{"chess/epd.go", true, true},
		{"tt.go", true, true},
		{"ox88/chess.(*Position).Squares", true, false},
		{"chess.Position.Squares", true, false},
		{"search.NoSuchThing", true, false},
		{"FullWidthLMP", true, false},
		{"chess/none.go", true, false},
		{"none.go", true, false},
		{"e2e4", false, false},
		{"Nf3", false, false},
		{"go test ./chess", false, false},
		{"40/60", false, false},
		{"/usr/bin/time", false, false},
		{"Hash", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if checked, ok := ix.resolves(root, c.name); checked != c.checked || ok != c.ok {
				t.Errorf("%s: checked %v ok %v, want %v %v", c.name, checked, ok, c.checked, c.ok)
			}
		})
	}
}
