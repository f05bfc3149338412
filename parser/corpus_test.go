package parser

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine/amplitude"
)

// replyCase is one reply of testdata/replies: NAME.txt (a text/plain body)
// or NAME.html (the body of an HTML-only reply), and NAME.want, the text
// the player wrote. NAME is LANG_CLIENT_DESC.
type replyCase struct {
	name, lang, client string
	body               string
	html               bool
	want               string
}

// replyClients are the CLIENT values a case may name.
var replyClients = setOf(strings.Fields(`gmail-web gmail-android gmail-ios outlook-desktop outlook-web outlook-ios
	outlook-android outlook-mac apple-mail ios-mail thunderbird yahoo proton zoho fastmail samsung polymail k9
	mutt roundcube notes horde gnus spark bluemail typeapp aol gmx mailru yandex zimbra other`))

// replyDir is the folder of replies the corpus tests read: by default the
// corpus, else another folder of NAME.txt|html and NAME.want pairs, to
// measure the reader on replies it was not written against:
//
//	go test ./parser -run 'TestReplyCorpus$' -replies DIR
var replyDir = flag.String("replies", filepath.Join("testdata", "replies"), "folder of replies and their .want texts")

// ownCorpus reports whether the tests read the corpus itself, whose names
// and coverage they check.
func ownCorpus() bool { return *replyDir == filepath.Join("testdata", "replies") }

func loadReplyCorpus(t testing.TB) []replyCase {
	t.Helper()
	wants, err := filepath.Glob(filepath.Join(*replyDir, "*.want"))
	require.NoError(t, err)
	require.NotEmpty(t, wants, "no .want file in %s", *replyDir)
	sort.Strings(wants)
	var out []replyCase
	for _, w := range wants {
		name := strings.TrimSuffix(filepath.Base(w), ".want")
		c := replyCase{name: name}
		if parts := strings.SplitN(name, "_", 3); len(parts) == 3 {
			c.lang, c.client = parts[0], parts[1]
		} else {
			require.False(t, ownCorpus(), "%s: the name must be LANG_CLIENT_DESC", name)
		}
		want, err := os.ReadFile(w)
		require.NoError(t, err)
		c.want = string(want)
		base := strings.TrimSuffix(w, ".want")
		body, err := os.ReadFile(base + ".txt")
		if os.IsNotExist(err) {
			body, err = os.ReadFile(base + ".html")
			c.html = true
		}
		require.NoError(t, err, "%s: no .txt or .html beside the .want", name)
		c.body = string(body)
		out = append(out, c)
	}
	return out
}

// text is the case's new text as pbem reads it.
func (c replyCase) text() string {
	if c.html {
		return ReplyText(HTMLText(c.body))
	}
	return ReplyText(c.body)
}

// withMove is the case's body with a move written above everything.
func (c replyCase) withMove(move string) replyCase {
	if !c.html {
		c.body = move + "\n\n" + c.body
		return c
	}
	at := 0
	if i := strings.Index(strings.ToLower(c.body), "<body"); i >= 0 {
		at = i + strings.IndexByte(c.body[i:], '>') + 1
	}
	c.body = c.body[:at] + "<div>" + move + "</div>" + c.body[at:]
	return c
}

// normalizeSpace trims each line, collapses runs of spaces and drops blank
// lines: what the corpus compares.
func normalizeSpace(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestReplyCorpus: the text read from every reply of the corpus is the
// text its player wrote.
func TestReplyCorpus(t *testing.T) {
	cases := loadReplyCorpus(t)
	langs, clients := map[string]bool{}, map[string]bool{}
	right, lost := 0, 0
	for _, c := range cases {
		langs[c.lang], clients[c.client] = true, true
		if ownCorpus() {
			assert.True(t, replyClients[c.client], "%s: unknown client %q", c.name, c.client)
		}
		got := c.text()
		if normalizeSpace(c.want) == normalizeSpace(got) {
			right++
		}
		if missing(c.want, got) {
			lost++
		}
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, normalizeSpace(c.want), normalizeSpace(got))
		})
	}
	t.Logf("%s: %d of %d replies read right (%.1f%%); %d lose a line of the player's", *replyDir, right, len(cases),
		100*float64(right)/float64(len(cases)), lost)
	if ownCorpus() {
		assert.GreaterOrEqual(t, len(cases), 200, "replies")
		assert.GreaterOrEqual(t, len(langs), 15, "languages")
		assert.GreaterOrEqual(t, len(clients), 12, "clients")
	}
}

// missing reports whether a line of want is not in got: the player's text
// lost, the worse of the two ways to read a reply wrong.
func missing(want, got string) bool {
	have := map[string]bool{}
	for _, l := range strings.Split(normalizeSpace(got), "\n") {
		have[l] = true
	}
	for _, l := range strings.Split(normalizeSpace(want), "\n") {
		if l != "" && !have[l] {
			return true
		}
	}
	return false
}

// TestReplyCorpusMoveOnTop: with a move written on top of any reply of the
// corpus, that move is the only command read; the rest is chatter.
func TestReplyCorpusMoveOnTop(t *testing.T) {
	const move = "H8 right 34251"
	for _, c := range loadReplyCorpus(t) {
		t.Run(c.name, func(t *testing.T) {
			cmds, err := Commands(c.withMove(move).text(), amplitude.Game{})
			require.NoError(t, err)
			require.Len(t, cmds, 1, "commands read: %+v", cmds)
			assert.Equal(t, move, cmds[0].Text)
			assert.NoError(t, cmds[0].Err)
			assert.NotNil(t, cmds[0].Move)
		})
	}
}

// BenchmarkReplyText reads every reply of the corpus, HTML ones through
// HTMLText too; ns/reply is the figure to quote.
func BenchmarkReplyText(b *testing.B) {
	cases := loadReplyCorpus(b)
	bytes := 0
	for _, c := range cases {
		bytes += len(c.body)
	}
	b.SetBytes(int64(bytes))
	b.ResetTimer()
	for range b.N {
		for _, c := range cases {
			_ = c.text()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(cases)), "ns/reply")
}
