package lab

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/pprof/profile"

	"ox88/web/internal/webtest"
	"ox88/web/internal/wire"
)

// stack builds a profile stack, leaf first, of locations with the given
// functions, innermost (inlined) first.
func stack(frames ...[]string) []*profile.Location {
	var out []*profile.Location
	for _, names := range frames {
		loc := &profile.Location{}
		for _, n := range names {
			loc.Line = append(loc.Line, profile.Line{Function: &profile.Function{Name: n}})
		}
		out = append(out, loc)
	}
	return out
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stack []*profile.Location
		want  string
	}{
		{"generation", stack([]string{"ox88/chess.(*Position).genSlider", "ox88/chess.(*Position).generate"}), compGeneration},
		{"attack inside generation", stack([]string{"ox88/chess.(*Position).IsAttacked"}, []string{"ox88/chess.(*Position).generate"}), compAttack},
		{"runtime under MakeMove", stack([]string{"runtime.memmove"}, []string{"ox88/chess.(*Position).MakeMove"}), compMakeUnmake},
		{"chess under eval", stack([]string{"ox88/chess.(*Position).At"}, []string{"ox88/eval.pieces", "ox88/eval.Evaluate"}), compEval},
		{"table probe", stack([]string{"ox88/search.(*TranspositionTable).probe"}), compTT},
		{"pickMove", stack([]string{"ox88/search.(*Searcher).pickMove"}), compOrdering},
		{"closure of see", stack([]string{"ox88/search.(*Searcher).see.func1"}), compOrdering},
		{"negamax", stack([]string{"ox88/search.(*Searcher).negamax"}), compOther},
		{"garbage collector", stack([]string{"runtime.gcBgMarkWorker"}), compOther},
		{"name that only starts alike", stack([]string{"ox88/chess.(*Position).generateX"}), compOther},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, _ := classifySample(tc.stack); got != tc.want {
				t.Errorf("%v: %s, want %s", tc.stack, got, tc.want)
			}
		})
	}
}

// moduleFunctions returns the functions and methods of the module's Go
// code (tests left out) as a profile spells them: "ox88/chess.bit",
// "ox88/chess.(*Position).MakeMove", "ox88/chess.Move.From".
func moduleFunctions(t *testing.T) map[string]bool {
	const root = "../.."
	fset := token.NewFileSet()
	names := map[string]bool{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && p != root && (d.Name()[0] == '.' || d.Name() == "testdata") {
			return cmp.Or(err, filepath.SkipDir)
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(p))
		pkg := path.Join("ox88", filepath.ToSlash(rel))
		if f.Name.Name == "main" {
			pkg = "main"
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			name := pkg + "." + fn.Name.Name
			if fn.Recv != nil {
				switch recv := fn.Recv.List[0].Type.(type) {
				case *ast.StarExpr:
					name = pkg + ".(*" + typeName(recv.X) + ")." + fn.Name.Name
				default:
					name = pkg + "." + typeName(recv) + "." + fn.Name.Name
				}
			}
			names[name] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// typeName returns the name of a receiver's type (T of T and T[P]).
func typeName(e ast.Expr) string {
	if ix, ok := e.(*ast.IndexExpr); ok {
		e = ix.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// TestComponentRulesExist checks every rule of componentRules against the
// code: a full name must be a function or method that exists, a prefix
// must match at least one. A rename must update the rules.
func TestComponentRulesExist(t *testing.T) {
	names := moduleFunctions(t)
	if !names["ox88/chess.(*Position).MakeMove"] || !names["ox88/chess.Move.From"] || !names["ox88/web/lab.classifySample"] {
		t.Fatalf("the code's functions were not read: %d names", len(names))
	}
	for _, r := range componentRules {
		found := names[r.Pattern]
		if p, ok := strings.CutSuffix(r.Pattern, "*"); ok {
			for n := range names {
				found = found || strings.HasPrefix(n, p)
			}
		}
		if !found {
			t.Errorf("component rule %q (%q) names no function of the code", r.Pattern, r.Component)
		}
	}
}

//go:noinline
func busyWork(n int) int {
	x := 0
	for i := 0; i < n; i++ {
		x = x*31 + i
	}
	return x
}

// TestSummarizeProfile profiles a labelled busy loop with runtime/pprof
// and summarizes it: only the labelled samples count, every record for as
// many samples as it stands for.
func TestSummarizeProfile(t *testing.T) {
	var buf bytes.Buffer
	if err := pprof.StartCPUProfile(&buf); err != nil {
		t.Skip("profiler busy:", err)
	}
	ctx := pprof.WithLabels(context.Background(), pprof.Labels(profileLabel, "t1"))
	pprof.SetGoroutineLabels(ctx)
	deadline := time.Now().Add(300 * time.Millisecond)
	for time.Now().Before(deadline) {
		busyWork(1 << 16)
	}
	pprof.SetGoroutineLabels(context.Background())
	pprof.StopCPUProfile()
	prof, err := profile.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	labelled := 0
	for _, s := range prof.Sample {
		if slices.Contains(s.Label[profileLabel], "t1") {
			labelled += int(s.Value[0])
		}
	}
	sum := summarizeProfile(prof, "t1")
	if labelled == 0 || !sum.Labelled || sum.Samples != labelled || len(sum.Components) != len(componentOrder) {
		t.Fatalf("%d labelled samples; summary: %+v", labelled, sum)
	}
	other := sum.Components[len(sum.Components)-1]
	if other.Name != compOther || other.Samples != labelled || other.Functions[0].Name != "ox88/web/lab.busyWork" {
		t.Fatalf("busyWork's samples: %+v", other)
	}
}

func TestProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("profiles a one-second search")
	}
	_, ts := newTestLab(t)
	var out profileJSON
	if code := webtest.Call(t, ts, "POST", "/api/profile", `{"seconds":1}`, &out); code != 200 {
		t.Fatalf("profile: %d", code)
	}
	if out.Samples == 0 || out.Nodes == 0 || len(out.Components) != 7 || len(out.Rules) == 0 {
		t.Fatalf("profile: %+v", out)
	}
	total := 0.0
	for _, c := range out.Components {
		total += c.Share
	}
	if total < 0.999 || total > 1.001 {
		t.Fatalf("shares add to %v", total)
	}
	if out.Components[0].Name != compGeneration || !out.Labelled {
		t.Errorf("first component %q, labelled %v", out.Components[0].Name, out.Labelled)
	}
	t.Logf("%d samples: %s", out.Samples, strings.TrimSpace(shareLine(out)))
}

// TestProfileOneAtATime: while a profile runs, another gets 409.
func TestProfileOneAtATime(t *testing.T) {
	_, ts := newTestLab(t)
	profiling.Lock()
	var e wire.ErrorBody
	code := webtest.Call(t, ts, "POST", "/api/profile", `{"seconds":1}`, &e)
	profiling.Unlock()
	if code != 409 || e.Error != "a profile is already running; try again when it ends" {
		t.Fatalf("second profile: %d %q", code, e.Error)
	}
}

func shareLine(p profileJSON) string {
	var b strings.Builder
	for _, c := range p.Components {
		b.WriteString(c.Name + " " + strings.TrimRight(strings.TrimRight(jsonFloat(c.Share*100), "0"), ".") + "% ")
	}
	return b.String()
}

func jsonFloat(f float64) string { b, _ := json.Marshal(float64(int(f*10)) / 10); return string(b) }
