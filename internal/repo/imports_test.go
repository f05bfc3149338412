package repo

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestImportMap: every import of every .go file of the module keeps the
// map of docs/development.md and its import rules.
func TestImportMap(t *testing.T) {
	pkgs, err := ReadImports(filepath.Join("..", ".."))
	require.NoError(t, err)
	for _, pkg := range []string{"cmd/pbem", "server", "store", "engine", "engine/amplitude", "internal/repo"} {
		require.Contains(t, pkgs, pkg, "the module's packages as read")
	}
	require.Contains(t, pkgs["store"]["store/store.go"], "database/sql", "the imports as read")
	for _, v := range Check(Map, pkgs) {
		assert.Fail(t, v.String())
	}
}

// TestImportMapCatches: the checker reports a wrong import under the rule
// it breaks, and lets the right ones be, on packages made up for it.
func TestImportMapCatches(t *testing.T) {
	for _, c := range []struct {
		name      string
		pkg, file string
		imports   []string
		rule      Rule
		imp       string // the import reported; "" for a package without a row
		allowed   bool
	}{
		{name: "a game reaches the store", pkg: "engine/amplitude", file: "engine/amplitude/save.go",
			imports: []string{"fmt", "pbem/engine", "pbem/store"}, rule: RulePure, imp: "pbem/store"},
		{name: "a game imports another", pkg: "engine/chiffres", file: "engine/chiffres/x.go",
			imports: []string{"pbem/engine/amplitude"}, rule: RulePure, imp: "pbem/engine/amplitude"},
		{name: "the engine takes a module from outside", pkg: "engine", file: "engine/x.go",
			imports: []string{"strings", "golang.org/x/text/cases"}, rule: RulePure, imp: "golang.org/x/text/cases"},
		{name: "lang takes a module from outside", pkg: "lang", file: "lang/x.go",
			imports: []string{"golang.org/x/text/language"}, rule: RulePure, imp: "golang.org/x/text/language"},
		{name: "a game's test reaches the server", pkg: "engine/ludicitude", file: "engine/ludicitude/x_test.go",
			imports: []string{"testing", "pbem/server"}, rule: RulePure, imp: "pbem/server"},
		{name: "a game's test takes testify and the other games", pkg: "engine/ludicitude", file: "engine/ludicitude/x_test.go",
			imports: []string{"testing", "github.com/stretchr/testify/require", "pbem/engine/amplitude", "pbem/lang"},
			allowed: true},
		{name: "a feature imports another", pkg: "server/lobby", file: "server/lobby/signup.go",
			imports: []string{"pbem/store", "pbem/server/clock"}, rule: RuleFeature, imp: "pbem/server/clock"},
		{name: "a feature imports the server", pkg: "server/clock", file: "server/clock/deadline.go",
			imports: []string{"pbem/server"}, rule: RuleFeature, imp: "pbem/server"},
		{name: "a feature imports the core and the lower layers", pkg: "server/clock", file: "server/clock/deadline.go",
			imports: []string{"time", "pbem/server/core", "pbem/store", "pbem/mailer", "pbem/templates"}, allowed: true},
		{name: "a feature reaches up to the metrics", pkg: "server/watch", file: "server/watch/x.go",
			imports: []string{"pbem/metrics"}, rule: RuleMap, imp: "pbem/metrics"},
		{name: "the core imports a feature", pkg: "server/core", file: "server/core/x.go",
			imports: []string{"pbem/server/lobby"}, rule: RuleMap, imp: "pbem/server/lobby"},
		{name: "the server routes to its features", pkg: "server", file: "server/route.go",
			imports: []string{"pbem/server/lobby", "pbem/server/core"}, allowed: true},
		{name: "the templates open a database", pkg: "templates", file: "templates/x.go",
			imports: []string{"database/sql"}, rule: RuleSQL, imp: "database/sql"},
		{name: "the server loads the SQLite driver", pkg: "server", file: "server/x.go",
			imports: []string{"modernc.org/sqlite"}, rule: RuleSQL, imp: "modernc.org/sqlite"},
		{name: "a server test looks into the database", pkg: "server", file: "server/x_test.go",
			imports: []string{"database/sql", "modernc.org/sqlite"}, allowed: true},
		{name: "the store reaches up to the server", pkg: "store", file: "store/x.go",
			imports: []string{"pbem/server"}, rule: RuleMap, imp: "pbem/server"},
		{name: "the parser reaches into the store", pkg: "parser", file: "parser/x.go",
			imports: []string{"pbem/store"}, rule: RuleMap, imp: "pbem/store"},
		{name: "the server takes the tests' database builder", pkg: "server", file: "server/x.go",
			imports: []string{"pbem/internal/scaledb"}, rule: RuleMap, imp: "pbem/internal/scaledb"},
		{name: "the binary wires everything", pkg: "cmd/pbem", file: "cmd/pbem/main.go",
			imports: []string{"pbem/server", "pbem/engine/chiffres", "pbem/server/lobby", "pbem/metrics"}, allowed: true},
		{name: "the binary takes a test helper", pkg: "cmd/pbem", file: "cmd/pbem/x.go",
			imports: []string{"pbem/internal/fakeclock"}, rule: RuleMap, imp: "pbem/internal/fakeclock"},
		{name: "the server imports the command line", pkg: "server", file: "server/x.go",
			imports: []string{"pbem/cmd/pbem"}, rule: RuleCmd, imp: "pbem/cmd/pbem"},
		{name: "a test imports the command line", pkg: "e2e", file: "e2e/x_test.go",
			imports: []string{"pbem/cmd/pbem"}, rule: RuleCmd, imp: "pbem/cmd/pbem"},
		{name: "a package without a row", pkg: "ratings", file: "ratings/elo.go",
			imports: []string{"math"}, rule: RuleMap},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Check(Map, Packages{c.pkg: {c.file: c.imports}})
			if c.allowed {
				assert.Empty(t, got)
				return
			}
			want := Violation{File: c.file, Import: c.imp, Rule: c.rule}
			assert.Equal(t, []Violation{want}, got)
			assert.Contains(t, want.String(), "docs/development.md")
		})
	}
}

// TestMapAgreesWithDoc: the map of docs/development.md has a row for each
// row of Map and no other, each naming in its last column the pbem
// packages Map lets it import, all below it; and the doc states each rule.
func TestMapAgreesWithDoc(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "development.md"))
	require.NoError(t, err)
	_, layout, ok := strings.Cut(string(doc), "\n## Layout\n")
	require.True(t, ok, "docs/development.md's Layout section")
	layout, _, _ = strings.Cut(layout, "\n## ")

	code := regexp.MustCompile("`([^`]+)`")
	var order []string
	may := map[string][]string{}
	for _, line := range strings.Split(layout, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 5 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		path := strings.Trim(strings.TrimSpace(cells[1]), "`")
		order = append(order, path)
		may[path] = []string{}
		for _, m := range code.FindAllStringSubmatch(cells[3], -1) {
			may[path] = append(may[path], m[1])
		}
		if strings.HasPrefix(strings.TrimSpace(cells[3]), "any package") {
			may[path] = append(may[path], "*")
		}
	}

	var rows []string
	for _, r := range Map {
		rows = append(rows, r.Path)
		assert.ElementsMatch(t, r.May, may[r.Path], "what %s may import, in Map and in the doc's map", r.Path)
		for _, m := range r.May {
			if m != "*" {
				assert.Greater(t, slices.Index(order, m), slices.Index(order, r.Path),
					"%s may import %s, which should be below it in the map", r.Path, m)
			}
		}
	}
	assert.Equal(t, rows, order, "the packages of Map and of the doc's map, in order")
	for _, r := range Rules {
		assert.Contains(t, layout, "**"+r.Name+"**", "the doc states the rule")
	}
}
