package repo

import (
	"cmp"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Module is pbem's module path, the prefix of every import of its own
// packages.
const Module = "pbem"

// Row is a row of the map of the house (docs/development.md, "Layout"): a
// package, or every package a pattern names, and what it may import. The
// doc's map says what each package owns; Map mirrors its "may import"
// column, and TestMapAgreesWithDoc holds the two to each other.
type Row struct {
	// Path is module-relative ("store"); "engine/<game>" and
	// "server/<feature>" name every package under engine or server that no
	// row names exactly.
	Path string
	// May lists the pbem packages (module-relative paths or patterns) the
	// package's code may import; "*" is every package but internal/… and
	// e2e, for the binary's wiring.
	May []string
	// Pure: the package's code imports nothing outside the standard library
	// and May.
	Pure bool
	// PureTests: its tests too, with testify and the games beside May.
	PureTests bool
	// SQL: it may import database/sql and the SQLite driver.
	SQL bool
}

// serverCore is the one shared core the server's feature packages may
// import beside the lower layers: the single place to name it (or to
// rename it, here and in the doc's map, which TestMapAgreesWithDoc holds
// together) when issue 27 moves the core out of server.
const serverCore = "server/core"

// lower is what the server and its packages stand on.
func lower(more ...string) []string {
	return append([]string{"archive", "engine", "lang", "mailer", "parser", "picture", "store", "templates"}, more...)
}

// Map is the rule table: a row per package of the module, in the doc's
// order, each importing only rows below it, so dependencies point inward.
var Map = []Row{
	{Path: "cmd/pbem", May: []string{"*"}},
	{Path: "metrics", May: []string{"mailer", "server", "store"}},
	{Path: "httpd", May: nil},
	{Path: "demo", May: []string{"engine", "lang", "mailer", "mailer/loopback", "server", "server/core", "store"}},
	{Path: "config", May: []string{"lang", "mailer"}},
	{Path: "server", May: lower(serverCore, "server/<feature>")},
	{Path: "server/tournament", May: lower(serverCore, "pairing")},
	{Path: "server/<feature>", May: lower(serverCore)},
	{Path: serverCore, May: lower()},
	{Path: "archive", May: []string{"engine", "lang", "picture", "store"}},
	{Path: "templates", May: []string{"lang"}},
	{Path: "parser", May: []string{"engine", "lang"}},
	{Path: "picture", May: []string{"engine"}},
	{Path: "mailer", May: []string{"store"}},
	{Path: "mailer/loopback"},
	{Path: "store", May: []string{"lang"}, SQL: true},
	{Path: "pairing", May: []string{"engine", "lang"}, Pure: true, PureTests: true},
	{Path: "engine/match", May: []string{"engine", "lang"}, Pure: true, PureTests: true},
	{Path: "engine/<game>", May: []string{"engine", "lang"}, Pure: true, PureTests: true},
	{Path: "engine", May: []string{"lang"}, Pure: true, PureTests: true},
	{Path: "lang", Pure: true},
	{Path: "internal/fakeclock"},
	// The one exception to "SQL in store": scaledb builds databases of
	// production's size for the scale tests and benchmarks in bulk SQL,
	// and cannot go through store, whose own tests use it. No row's May
	// names it, so only tests import it and its SQL stays out of the binary.
	{Path: "internal/scaledb", SQL: true},
	{Path: "internal/repo"},
	{Path: "e2e"},
}

// Rule is one of the import rules of docs/development.md, named in bold
// there and in each failure.
type Rule struct {
	Name, Says string
}

// The import rules, as docs/development.md words them.
var (
	RuleMap     = Rule{"map", "a package imports only the pbem packages its row of the map names, and every package has a row"}
	RulePure    = Rule{"pure engine", "engine, engine/<game>, engine/match and pairing import only the standard library, lang and (a game, the matches, pairing) engine, their tests testify and the games too; lang only the standard library"}
	RuleSQL     = Rule{"SQL in store", "only store (and internal/scaledb, the tests' database builder) imports database/sql or the SQLite driver"}
	RuleCmd     = Rule{"cmd on top", "nothing imports cmd/…"}
	RuleFeature = Rule{"feature packages", "a package under server/ but server/core is a feature package: it imports the lower layers and server/core, never server nor another feature package"}
)

// Rules lists every rule, for the test that finds each in the doc.
var Rules = []Rule{RuleMap, RulePure, RuleSQL, RuleCmd, RuleFeature}

// Packages is the imports of a module's Go files: module-relative package
// path → module-relative file path → the import paths the file names.
type Packages map[string]map[string][]string

// Violation is an import that breaks a rule; Import is "" when the
// package itself has no row.
type Violation struct {
	File, Import string
	Rule         Rule
}

// String says which file imports what and which rule of the doc it breaks.
func (v Violation) String() string {
	if v.Import == "" {
		return fmt.Sprintf("%s: its package has no row in the map: breaks %q of docs/development.md (%s)",
			v.File, v.Rule.Name, v.Rule.Says)
	}
	return fmt.Sprintf("%s imports %s: breaks %q of docs/development.md (%s)", v.File, v.Import, v.Rule.Name, v.Rule.Says)
}

// ReadImports reads the imports of every .go file under root, a module's
// folder, skipping testdata and hidden folders; build constraints are
// ignored, so every file counts.
func ReadImports(root string) (Packages, error) {
	pkgs := Packages{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return fmt.Errorf("read imports: %w", err)
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return fmt.Errorf("read imports: %w", err)
		}
		rel = filepath.ToSlash(rel)
		pkg := strings.TrimSuffix(strings.TrimSuffix(rel, name), "/")
		if pkgs[pkg] == nil {
			pkgs[pkg] = map[string][]string{}
		}
		imports := []string{}
		for _, spec := range f.Imports {
			p, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return fmt.Errorf("read imports of %s: %w", rel, err)
			}
			imports = append(imports, p)
		}
		pkgs[pkg][rel] = imports
		return nil
	})
	return pkgs, err
}

// Check holds every file's imports to the rows and returns what breaks a
// rule, an import once, under the most particular rule it breaks.
func Check(rows []Row, pkgs Packages) []Violation {
	var vs []Violation
	for pkg, files := range pkgs {
		row, ok := rowFor(rows, pkg)
		for file, imports := range files {
			if !ok {
				vs = append(vs, Violation{File: file, Rule: RuleMap})
				continue
			}
			for _, imp := range imports {
				if rule, bad := judge(row, pkg, strings.HasSuffix(file, "_test.go"), imp); bad {
					vs = append(vs, Violation{File: file, Import: imp, Rule: rule})
				}
			}
		}
	}
	slices.SortFunc(vs, func(a, b Violation) int {
		return cmp.Or(strings.Compare(a.File, b.File), strings.Compare(a.Import, b.Import))
	})
	return vs
}

// judge says which rule, if any, an import of a file of pkg (whose row is
// row) breaks. Tests import what they need (a database to look into,
// every package for e2e), but the engines' tests stay among the engines.
func judge(row Row, pkg string, test bool, imp string) (Rule, bool) {
	rel, own := strings.CutPrefix(imp, Module+"/")
	if own && (rel == "cmd" || strings.HasPrefix(rel, "cmd/")) {
		return RuleCmd, true
	}
	if test {
		if row.PureTests && !standard(imp) && !strings.HasPrefix(imp, "github.com/stretchr/testify") &&
			!(own && (rel == "lang" || rel == "engine" || matches("engine/<game>", rel))) {
			return RulePure, true
		}
		return Rule{}, false
	}
	if isSQL(imp) && !row.SQL {
		return RuleSQL, true
	}
	if !own {
		if row.Pure && !standard(imp) {
			return RulePure, true
		}
		return Rule{}, false
	}
	if feature(pkg) != "" && (rel == "server" || feature(rel) != "" && feature(rel) != feature(pkg)) {
		return RuleFeature, true
	}
	if !row.may(rel) {
		if row.Pure {
			return RulePure, true
		}
		return RuleMap, true
	}
	return Rule{}, false
}

// rowFor finds a package's row: the one naming it exactly, else the
// pattern that covers it.
func rowFor(rows []Row, pkg string) (Row, bool) {
	for _, r := range rows {
		if r.Path == pkg {
			return r, true
		}
	}
	for _, r := range rows {
		if matches(r.Path, pkg) {
			return r, true
		}
	}
	return Row{}, false
}

// may says whether the row's code may import the module's package rel.
func (r Row) may(rel string) bool {
	for _, m := range r.May {
		if m == "*" {
			return !strings.HasPrefix(rel, "internal/") && rel != "e2e"
		}
		if m == rel || matches(m, rel) {
			return true
		}
	}
	return false
}

// matches says whether a pattern such as "engine/<game>" covers pkg: a
// package under engine (at any depth) that is not named exactly by a row
// of its own (rowFor tries those first).
func matches(pattern, pkg string) bool {
	dir, ok := strings.CutSuffix(pattern, ">")
	if !ok {
		return false
	}
	dir, _, ok = strings.Cut(dir, "<")
	return ok && strings.HasPrefix(pkg, dir) && len(pkg) > len(dir)
}

// feature names the feature package a package belongs to ("lobby" for
// server/lobby and server/lobby/…), or "" outside them.
func feature(pkg string) string {
	rest, ok := strings.CutPrefix(pkg, "server/")
	if !ok || pkg == serverCore || strings.HasPrefix(pkg, serverCore+"/") {
		return ""
	}
	name, _, _ := strings.Cut(rest, "/")
	return name
}

// standard says whether an import path is the standard library's: its
// first element has no dot, and it is not the module's.
func standard(imp string) bool {
	first, _, _ := strings.Cut(imp, "/")
	return !strings.Contains(first, ".") && first != Module
}

// isSQL says whether an import is database/sql or the SQLite driver.
func isSQL(imp string) bool {
	return imp == "database/sql" || strings.HasPrefix(imp, "database/sql/") || strings.HasPrefix(imp, "modernc.org/sqlite")
}
