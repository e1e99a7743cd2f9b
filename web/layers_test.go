package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// searchVocabulary are the names of package search that the browser game
// and the lab may use: the types the engine facade speaks in (Info,
// Limits, the Trace of engine.Trace and its Break) and the pure helpers.
// Every search runs through package engine.
var searchVocabulary = map[string]bool{"Info": true, "Limits": true, "Trace": true, "Break": true, "ParseBreak": true,
	"NodeRoot": true, "Infinity": true, "IsMate": true, "MateIn": true, "WhiteScore": true, "NPS": true, "ScoreText": true,
	"WDL": true, "MaterialCount": true, "DefaultHashMB": true, "BoundLower": true, "BoundUpper": true}

// TestSearchOnlyThroughEngine checks that the code of web and its packages
// (tests left out) uses nothing of package search but its vocabulary.
func TestSearchOnlyThroughEngine(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	more, _ := filepath.Glob("*/*.go")
	deeper, _ := filepath.Glob("*/*/*.go")
	fset := token.NewFileSet()
	used := 0
	for _, name := range append(append(files, more...), deeper...) {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		local := ""
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "ox88/search" {
				local = "search"
				if imp.Name != nil {
					local = imp.Name.Name
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && local != "" && x.Name == local {
					used++
					if !searchVocabulary[sel.Sel.Name] {
						t.Errorf("%s: search.%s: run searches through package engine", fset.Position(sel.Pos()), sel.Sel.Name)
					}
				}
			}
			return true
		})
	}
	if used == 0 {
		t.Fatal("no use of package search found: the files were not read")
	}
}
