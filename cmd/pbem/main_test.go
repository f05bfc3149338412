package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// binary is the pbem binary built once for all the tests, which run it as a
// user would.
var binary string

// scratch is a folder for the whole run, removed at its end: what several
// tests or benchmarks share, such as the scaled databases (scale_test.go).
var scratch string

func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "pbem-cli-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	scratch = dir
	binary = filepath.Join(dir, "pbem")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building pbem:", err)
		return 1
	}
	return m.Run()
}

// result is what one run of the binary gave.
type result struct {
	stdout, stderr string
	code           int
}

// pbem runs the binary with args in a fresh directory.
func pbem(t *testing.T, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = t.TempDir()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
	default:
		require.NoError(t, err, "running pbem %q", args)
	}
	return r
}

func TestAmplitudeFormula(t *testing.T) {
	t.Parallel()
	r := pbem(t, "amplitude", "formula", "34251")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, r.stderr)
	score, formula, ok := strings.Cut(strings.TrimSpace(r.stdout), " ")
	require.True(t, ok, "want SCORE FORMULA, got %q", r.stdout)
	assert.Equal(t, "36", score)
	assert.Equal(t, "(1+5)×(2/4)=3", formula)

	// The formula the judge writes back scores what it said.
	c := pbem(t, "amplitude", "check", formula)
	require.Equal(t, 0, c.code, c.stderr)
	assert.Equal(t, "36\n", c.stdout)
}

func TestAmplitudeFormulaForbidden(t *testing.T) {
	t.Parallel()
	r := pbem(t, "amplitude", "formula", "98917", "--forbidden")
	require.Equal(t, 0, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "136 "), r.stdout)
	formula := strings.TrimSpace(strings.TrimPrefix(r.stdout, "136 "))

	c := pbem(t, "amplitude", "check", "--forbidden", formula)
	require.Equal(t, 0, c.code, c.stderr)
	assert.Equal(t, "136\n", c.stdout)
}

func TestAmplitudeFormulaNone(t *testing.T) {
	t.Parallel()
	r := pbem(t, "amplitude", "formula", "987")
	assert.Equal(t, 1, r.code)
	assert.Empty(t, r.stdout)
	assert.Contains(t, r.stderr, "no formula")
	assert.NotContains(t, r.stderr, "Usage:")

	r = pbem(t, "amplitude", "formula", "21152", "--forbidden")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "forbidden")
}

func TestAmplitudeFormulaMalformed(t *testing.T) {
	t.Parallel()
	for _, digits := range []string{"12a", "102", "12", "123456789123"} {
		r := pbem(t, "amplitude", "formula", digits)
		assert.Equal(t, 2, r.code, digits)
		assert.Empty(t, r.stdout, digits)
		assert.NotEmpty(t, r.stderr, digits)
		assert.NotContains(t, r.stderr, "Usage:", digits)
	}
}

func TestAmplitudeCheck(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"(34)/2-5=1"}, "19"},
		{[]string{"98/9-1=7"}, "82"},
		{[]string{"[9-8]7=7"}, "119"},
		{[]string{"3+4-5=2"}, "12"},
		{[]string{"1", "+", "2", "=", "3"}, "3"},
	} {
		r := pbem(t, append([]string{"amplitude", "check"}, c.args...)...)
		require.Equal(t, 0, r.code, "%q: %s", c.args, r.stderr)
		assert.Equal(t, c.want+"\n", r.stdout, c.args)
		assert.Empty(t, r.stderr, c.args)
	}
}

func TestAmplitudeCheckRefused(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		why  string
	}{
		{[]string{"3+4=2"}, "false"},
		{[]string{"[9-8]7=7", "--forbidden"}, "forbidden"},
		{[]string{"98/9-1=7", "--forbidden"}, "forbidden"},
		{[]string{"1+2"}, "="},
		{[]string{"(1+2]=3"}, "closes"},
	} {
		r := pbem(t, append([]string{"amplitude", "check"}, c.args...)...)
		assert.Equal(t, 1, r.code, c.args)
		assert.Empty(t, r.stdout, c.args)
		assert.Contains(t, r.stderr, c.why, c.args)
		assert.NotContains(t, r.stderr, "Usage:", c.args)
	}
}

func TestDemo(t *testing.T) {
	t.Parallel()
	r := pbem(t, "demo", "amplitude", "--seed", "3")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "Amplitude by mail, seed 3, 2 players, computer players who answer the\n"), r.stdout[:min(len(r.stdout), 200)])
	assert.Regexp(t, `\nSubject: \[#1-[a-z2-7]{20}\] Amplitude, a new game\n`, r.stdout)
	assert.Regexp(t, `\nTo: pbem\+1-[a-z2-7]{20}@demo\.test\nSubject: Re: \[#1-[a-z2-7]{20}\] Amplitude, a new game\n\n#1 [A-O]\d+ (right|down) \d+\n`, r.stdout, "the first reply, as its player wrote it")
	assert.Regexp(t, `\nSubject: \[#1-[a-z2-7]{20}\] Amplitude, move 1: `, r.stdout, "the server's answer")
	assert.Contains(t, r.stdout, " A  B  C  D  E  F  G  H  I  J  K  L  M  N  O")
	assert.LessOrEqual(t, strings.Count(r.stdout, "\n"), 400, "a demo to read")

	lines := strings.Split(strings.TrimRight(r.stdout, "\n"), "\n")
	require.GreaterOrEqual(t, len(lines), 3)
	end := lines[len(lines)-3:]
	assert.Regexp(t, `^Game 1 ended after \d+ moves and \d+ mails: .+\.$`, end[0])
	assert.Regexp(t, `^Final scores: Bot 1 \d+, Bot 2 \d+\.$`, end[1])
	assert.Regexp(t, `^(Winner: Bot \d\.|Winners \(a shared win\): .+\.|No winner: a draw\.)$`, end[2])

	// --all-mails prints every mail of the same game, whole, among them the
	// ones the default output shows whole (the invitation, the first
	// answer, the last). A game replays exactly from its seed; only the
	// reply tokens, drawn from each game's fresh secret, differ.
	all := pbem(t, "demo", "--seed", "3", "--all-mails")
	require.Equal(t, 0, all.code, all.stderr)
	assert.True(t, strings.HasPrefix(all.stdout, "Amplitude by mail, seed 3, 2 players. Every mail the server sends:\n"))
	assert.Contains(t, all.stdout, "To: player2@demo.test")
	token := regexp.MustCompile(`#1-[a-z2-7]{20}\]|\+1-[a-z2-7]{20}@`)
	mails := map[string]bool{}
	for _, m := range demoMails(all.stdout) {
		_, rest, _ := strings.Cut(m, "\nSubject: ")
		mails["Subject: "+token.ReplaceAllString(strings.TrimSuffix(rest, strings.Repeat("=", 78)+"\n"), "TOKEN")] = true
	}
	whole := regexp.MustCompile(`(?s)── pbem → [^\n]*\n(Subject: .*?\n)(?:── |\nGame 1 ended)`).FindAllStringSubmatch(r.stdout, -1)
	require.Len(t, whole, 3, "the invitation, the first answer and the last whole")
	for _, m := range whole {
		assert.True(t, mails[token.ReplaceAllString(m[1], "TOKEN")], "a mail the server sent, whole:\n%s", m[1])
	}
	allLines := strings.Split(strings.TrimRight(all.stdout, "\n"), "\n")
	assert.Equal(t, end, allLines[len(allLines)-3:], "the same game")
}

// demoMails are the mails a demo printed with --all-mails, each from its
// From line to the line of = that closes it.
func demoMails(stdout string) []string {
	sep := strings.Repeat("=", 78) + "\n"
	var out []string
	for _, block := range strings.SplitAfter(stdout, sep) {
		if i := strings.Index(block, "From: "); i >= 0 && strings.HasSuffix(block, sep) {
			out = append(out, block[i:])
		}
	}
	return out
}

// TestDemoLudicitude: pbem demo ludicitude, on its default seed, shows
// captures by custodian and promotions, tells its 179 moves in well under
// 600 lines, and ends with a winner.
func TestDemoLudicitude(t *testing.T) {
	t.Parallel()
	r := pbem(t, "demo", "ludicitude")
	require.Equal(t, 0, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "Ludicitude by mail, seed 308, 2 players, "), r.stdout[:min(len(r.stdout), 200)])
	assert.Regexp(t, `(White|Black) captures [a-g][1-7]( and [a-g][1-7])* by\s+custodian`, r.stdout)
	assert.Regexp(t, `(White|Black) promotes\s+[a-g][1-7]\s+to\s+level\s+[23]`, r.stdout)
	assert.Less(t, strings.Count(r.stdout, "\n"), 550)

	lines := strings.Split(strings.TrimRight(r.stdout, "\n"), "\n")
	require.GreaterOrEqual(t, len(lines), 3)
	end := lines[len(lines)-3:]
	assert.Regexp(t, `^Game 1 ended after 179 moves and \d+ mails: (White|Black) wins: .+\.$`, end[0])
	assert.Regexp(t, `^Winner: Bot [12]\.$`, end[2])
}

func TestDemoUnknownGame(t *testing.T) {
	t.Parallel()
	r := pbem(t, "demo", "nosuchgame")
	assert.Equal(t, 2, r.code)
	assert.Empty(t, r.stdout)
	assert.Contains(t, r.stderr, `there is no game "nosuchgame"`)
	assert.Contains(t, r.stderr, "amplitude")
}

func TestDemoBadPlayers(t *testing.T) {
	t.Parallel()
	r := pbem(t, "demo", "--players", "9")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "2 to 6 players")
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"nosuchcommand"},
		{"amplitude", "nosuchcommand"},
		{"amplitude", "formula"},
		{"amplitude", "check"},
		{"demo", "amplitude", "extra"},
		{"demo", "--seed", "x"},
		{"amplitude", "formula", "123", "--nosuchflag"},
	} {
		r := pbem(t, args...)
		assert.Equal(t, 2, r.code, args)
		assert.Empty(t, r.stdout, args)
		assert.Contains(t, r.stderr, "Error:", args)
	}
}

func TestHelp(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--help"}, "pbem [command]"},
		{[]string{}, "pbem [command]"},
		{[]string{"help", "demo"}, "pbem demo [GAME]"},
		{[]string{"demo", "--help"}, "--players"},
		{[]string{"amplitude", "--help"}, "pbem amplitude [command]"},
		{[]string{"amplitude", "formula", "--help"}, "--forbidden"},
		{[]string{"amplitude", "check", "--help"}, "--forbidden"},
		{[]string{"completion", "--help"}, "bash"},
		{[]string{"completion", "bash"}, "bash completion"},
	} {
		r := pbem(t, c.args...)
		require.Equal(t, 0, r.code, "%q: %s", c.args, r.stderr)
		assert.Contains(t, r.stdout, c.want, c.args)
	}
	r := pbem(t, "--help")
	assert.Contains(t, r.stdout, "--db PATH")
	assert.Contains(t, r.stdout, "--config PATH")
	assert.Contains(t, r.stdout, "completion")
}
