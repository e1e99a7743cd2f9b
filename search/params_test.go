package search

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"math"
	"regexp"
	"strconv"
	"testing"
)

// searchParam is one line of params.go's table.
type searchParam struct {
	name     string
	value    constant.Value
	min, max float64
	doc      string
}

// paramRange is the form of a parameter's line comment: "[min, max]
// meaning".
var paramRange = regexp.MustCompile(`^// \[(-?[0-9.]+), (-?[0-9.]+)\] (.+)$`)

// readParams reads the table of params.go: each constant with its value
// (as the compiler evaluates it) and the range its comment gives.
func readParams(t *testing.T) []searchParam {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "params.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("search", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatalf("params.go must stand alone (constants only): %v", err)
	}
	var ps []searchParam
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			t.Fatalf("%s: params.go holds constants only", fset.Position(d.Pos()))
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			if len(vs.Names) != 1 || vs.Comment == nil || len(vs.Comment.List) != 1 {
				t.Errorf("%s: want one name = value // [min, max] meaning", fset.Position(vs.Pos()))
				continue
			}
			name := vs.Names[0].Name
			m := paramRange.FindStringSubmatch(vs.Comment.List[0].Text)
			if m == nil {
				t.Errorf("%s: comment %q is not [min, max] meaning", name, vs.Comment.List[0].Text)
				continue
			}
			lo, err1 := strconv.ParseFloat(m[1], 64)
			hi, err2 := strconv.ParseFloat(m[2], 64)
			if err1 != nil || err2 != nil {
				t.Errorf("%s: range %s, %s", name, m[1], m[2])
				continue
			}
			c := pkg.Scope().Lookup(name).(*types.Const)
			ps = append(ps, searchParam{name, c.Val(), lo, hi, m[3]})
		}
	}
	if len(ps) < 40 { // the table has more: a reading that finds fewer is wrong
		t.Fatalf("%d parameters read from params.go", len(ps))
	}
	return ps
}

// TestParams: every parameter of the search lies within its range, the
// range is not empty, and an integer parameter has integer bounds (a tuner
// rounds within them).
func TestParams(t *testing.T) {
	ps := readParams(t)
	for _, p := range ps {
		t.Run(p.name, func(t *testing.T) {
			v, _ := constant.Float64Val(constant.ToFloat(p.value))
			if p.min >= p.max || v < p.min || v > p.max {
				t.Errorf("%s = %v, range [%v, %v]", p.name, p.value, p.min, p.max)
			}
			if p.value.Kind() == constant.Int && (p.min != math.Trunc(p.min) || p.max != math.Trunc(p.max)) {
				t.Errorf("%s is an integer, range [%v, %v]", p.name, p.min, p.max)
			}
		})
	}
	// The table's upper bounds keep the code's arithmetic sound: the
	// continuation histories are int16, and so are the correction entries.
	for _, p := range ps {
		switch p.name {
		case "historyMax":
			if p.max > math.MaxInt16 {
				t.Errorf("historyMax may reach %v, beyond an int16", p.max)
			}
		case "corrHistLimitCp":
			if p.max*corrHistGrain > math.MaxInt16 {
				t.Errorf("corrHistLimitCp may reach %v: %v in 1/%d cp, beyond an int16", p.max, p.max*corrHistGrain, corrHistGrain)
			}
		}
	}
}
