package lang_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	_ "pbem/engine/amplitude" // the engines register their translations: no package but cmd/pbem imports them
	_ "pbem/engine/chiffres"
	_ "pbem/engine/ludicitude"
	"pbem/lang"
	_ "pbem/pairing" // the tournaments' refusals, until the server's tournaments import it
	_ "pbem/server"  // registers the translations of the server and the packages it imports
)

// A format is a message's code: every one written in the code has its
// French, with the same arguments, and every French entry has its format
// in the code.
func TestEveryMessageHasBothTranslations(t *testing.T) {
	formats := formatsInCode(t, "..")
	require.NotEmpty(t, formats)
	missing := map[string][]string{}
	used := map[string]bool{}
	for _, f := range formats {
		used[f.format] = true
		if f.pkg == "lang" {
			continue // its tests' own sentences, some left untranslated on purpose
		}
		if f.err != "" {
			t.Errorf("%s: %s", f.pos, f.err)
			continue
		}
		fr, ok := lang.Translation(lang.French, f.format)
		if !ok {
			missing[f.pkg] = append(missing[f.pkg], fmt.Sprintf("%s: %q", f.pos, f.format))
			continue
		}
		if want, got := verbs(f.format), verbs(fr); !slices.Equal(want, got) {
			t.Errorf("%s: the French of %q takes %v, the English %v", f.pos, f.format, got, want)
		}
	}
	for pkg, list := range missing {
		t.Errorf("%d sentences of %s have no French:\n%s", len(list), pkg, strings.Join(list, "\n"))
	}
	var orphans []string
	for _, en := range lang.Registered(lang.French) {
		if !used[en] {
			orphans = append(orphans, fmt.Sprintf("%q", en))
		}
	}
	sort.Strings(orphans)
	assert.Empty(t, orphans, "French translations of formats no code writes")
}

// found is one format written in the code.
type found struct {
	pkg, pos, format string
	err              string // why the format cannot be read, when it cannot
}

// formatArgs are the calls that take formats, and the arguments that are.
var formatArgs = map[string][]int{
	"lang.T": {0}, "lang.Plural": {1, 2}, "engine.Refuse": {0}, "Refuse": {0}, "T": {0}, "Plural": {1, 2},
}

// forwarded are the names of parameters that hold a format given to a
// function that forwards it (engine.Refuse's format, a template's tn's
// one and other): the formats are read where they are written.
var forwarded = map[string]bool{"format": true, "one": true, "other": true}

// english are the packages and files that speak to operators only, in
// English: the command line's own refusals (a flag misused), an archive
// file refused at import, reach no player.
var english = map[string]bool{"cmd/pbem": true, "archive/read.go": true, "archive/record.go": true}

// formatsInCode reads every format of the Go files under root but tests;
// the lang package's own tests are read (their sentences count as used)
// and its code is not (it forwards formats it is given).
func formatsInCode(t *testing.T, root string) []found {
	files := goFiles(t, root)
	consts := map[string]string{}
	for _, f := range files {
		for name, s := range constStrings(f.file) {
			consts[f.pkg+":"+name] = s // a constant of the package itself
			consts[f.file.Name.Name+"."+name] = s
		}
	}
	out := formatsInTemplates(t, filepath.Join(root, "templates", "files"), "templates")
	out = append(out, formatsInTemplates(t, filepath.Join(root, "archive"), "archive")...)
	for _, f := range files {
		pkg, file := f.pkg, f.file
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			name := callName(call.Fun)
			idx, ok := formatArgs[name]
			if !ok || (name == "Refuse" && pkg != "engine") || (name == "T" || name == "Plural") && pkg != "lang" {
				return true
			}
			for _, i := range idx {
				if i >= len(call.Args) {
					continue
				}
				if id, ok := call.Args[i].(*ast.Ident); ok && forwarded[id.Name] {
					continue // a function that forwards its format, as engine.Refuse
				}
				fnd := found{pkg: pkg, pos: f.fset.Position(call.Args[i].Pos()).String()}
				fnd.format, fnd.err = literal(call.Args[i], inPackage(consts, pkg))
				out = append(out, fnd)
			}
			return true
		})
	}
	return out
}

// templateCall is a call of t or tn in a mail template, {{t "format" ...}}
// or (t "format" ...), tn's count skipped: its formats, one or two.
var templateCall = regexp.MustCompile(`(?:\{\{-?\s*|\()(t|tn)\s+(?:[^\s"]+\s+)?("(?:[^"\\]|\\.)*")(?:\s+("(?:[^"\\]|\\.)*"))?`)

// formatsInTemplates reads the formats of the templates in dir, those of
// package pkg: the mails', the archive page's.
func formatsInTemplates(t *testing.T, dir, pkg string) []found {
	paths, err := filepath.Glob(filepath.Join(dir, "*.tmpl"))
	require.NoError(t, err)
	require.NotEmpty(t, paths, "no template in %s", dir)
	var out []found
	for _, path := range paths {
		body, err := os.ReadFile(path)
		require.NoError(t, err)
		for _, m := range templateCall.FindAllStringSubmatchIndex(string(body), -1) {
			for _, g := range []int{4, 6} {
				if m[g] < 0 || string(body[m[2]:m[3]]) == "t" && g == 6 {
					continue
				}
				line := 1 + strings.Count(string(body[:m[g]]), "\n")
				fnd := found{pkg: pkg, pos: fmt.Sprintf("%s:%d", path, line)}
				format, err := strconv.Unquote(string(body[m[g]:m[g+1]]))
				if err != nil {
					fnd.err = "a template's format is a Go string literal: " + err.Error()
				}
				fnd.format = format
				out = append(out, fnd)
			}
		}
	}
	return out
}

// goFile is one parsed Go file and its package's directory.
type goFile struct {
	pkg  string
	file *ast.File
	fset *token.FileSet
}

// goFiles parses the Go files under root whose formats count: no test but
// the lang package's, no command-line package.
func goFiles(t *testing.T, root string) []goFile {
	var out []goFile
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "testdata" || strings.HasPrefix(name, ".") && name != ".." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		test := strings.HasSuffix(path, "_test.go")
		if pkg == "lang" && !test || pkg != "lang" && test {
			return nil
		}
		if english[pkg] || english[pkg+"/"+filepath.Base(path)] {
			return nil
		}
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		out = append(out, goFile{pkg: pkg, file: file, fset: fset})
		return nil
	})
	require.NoError(t, err)
	return out
}

// callName is "pkg.Func" or "Func" for a call's function.
func callName(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		if x, ok := f.X.(*ast.Ident); ok {
			return x.Name + "." + f.Sel.Name
		}
	}
	return ""
}

// literal is the string an argument writes: a literal, a constant of the
// file, or literals added together.
func literal(e ast.Expr, consts map[string]string) (string, string) {
	switch v := e.(type) {
	case *ast.BasicLit:
		if v.Kind == token.STRING {
			s, err := strconv.Unquote(v.Value)
			if err == nil {
				return s, ""
			}
		}
	case *ast.Ident:
		if s, ok := consts[v.Name]; ok {
			return s, ""
		}
	case *ast.SelectorExpr:
		if x, ok := v.X.(*ast.Ident); ok {
			if s, ok := consts[x.Name+"."+v.Sel.Name]; ok {
				return s, ""
			}
		}
	case *ast.BinaryExpr:
		if v.Op == token.ADD {
			a, errA := literal(v.X, consts)
			b, errB := literal(v.Y, consts)
			if errA == "" && errB == "" {
				return a + b, ""
			}
		}
	}
	return "", "a message's format is a literal string, so that it can be translated"
}

// inPackage is consts as the code of package pkg sees them: its own by
// their bare names, the others' as pkg.Name.
func inPackage(consts map[string]string, pkg string) map[string]string {
	out := make(map[string]string, len(consts))
	for k, v := range consts {
		if own, ok := strings.CutPrefix(k, pkg+":"); ok {
			out[own] = v
		} else if !strings.Contains(k, ":") {
			out[k] = v
		}
	}
	return out
}

// constStrings are a file's string constants.
func constStrings(file *ast.File) map[string]string {
	out := map[string]string{}
	for _, decl := range file.Decls {
		g, ok := decl.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if i < len(vs.Values) {
					if s, err := literal(vs.Values[i], out); err == "" {
						out[name.Name] = s
					}
				}
			}
		}
	}
	return out
}

var verb = regexp.MustCompile(`%(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d+)?([a-zA-Z%])`)

// verbs are the arguments a format takes, in argument order: "1s 2d".
func verbs(format string) []string {
	var out []string
	next := 1
	for _, m := range verb.FindAllStringSubmatch(format, -1) {
		if m[2] == "%" {
			continue
		}
		n := next
		if m[1] != "" {
			n, _ = strconv.Atoi(m[1])
		}
		out = append(out, fmt.Sprintf("%d%s", n, m[2]))
		next = n + 1
	}
	sort.Strings(out)
	return out
}
