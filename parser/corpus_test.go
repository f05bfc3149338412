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

// replyCase is one reply of testdata/replies: NAME.txt (a text/plain body),
// NAME.html (the body of an HTML-only reply) or NAME.eml (a whole mail, its
// header and MIME parts, in whatever charset), and NAME.want, the text the
// player wrote. NAME is LANG_CLIENT_DESC. Its origin — where the reply
// comes from: written for pbem's corpus, a public suite of another reply
// parser, a mail built client by client — is in testdata/replies/origins
// (replyOrigins); "pbem" when none is named.
type replyCase struct {
	name, lang, client string
	body               string
	html, eml          bool
	want               string
	origin             string
}

// replyClients are the CLIENT values a case may name.
var replyClients = setOf(strings.Fields(`gmail-web gmail-android gmail-ios outlook-desktop outlook-web outlook-ios
	outlook-android outlook-mac apple-mail ios-mail thunderbird yahoo proton zoho fastmail samsung polymail k9
	mutt roundcube notes horde gnus spark bluemail typeapp aol gmx mailru yandex zimbra other
	netease qq sina aliyun naver daum nate yahoo-jp docomo seznam onet wp interia libero virgilio orange laposte ukrnet
	free webde tonline freenet rediffmail blackberry huawei xiaomi evolution claws sylpheed kmail geary
	mailbird emclient thebat tutanota posteo mailfence superhuman hey front missive canary airmail newton
	abv ukrnet au`))

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
	origins := replyOrigins(t, *replyDir)
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
		if os.IsNotExist(err) {
			body, err = os.ReadFile(base + ".eml")
			c.html, c.eml = false, true
		}
		require.NoError(t, err, "%s: no .txt, .html or .eml beside the .want", name)
		c.body = string(body)
		c.origin = origins[name]
		if c.origin == "" {
			c.origin = "pbem"
		}
		out = append(out, c)
	}
	return out
}

// replyOrigins reads dir/origins/*.tsv: a line "NAME<TAB>ORIGIN" a case,
// ORIGIN saying where it comes from ("talon/tests/fixtures",
// "built: Outlook 2019 fr-FR"), so that the reader's figures can be told
// by origin. Lines opening with # are comments.
func replyOrigins(t testing.TB, dir string) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "origins", "*.tsv"))
	require.NoError(t, err)
	out := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, line := range strings.Split(string(data), "\n") {
			if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			name, origin, ok := strings.Cut(line, "\t")
			require.True(t, ok, "%s: %q is not NAME<TAB>ORIGIN", f, line)
			require.Empty(t, out[name], "%s: %s has two origins", f, name)
			out[name] = strings.TrimSpace(origin)
		}
	}
	return out
}

// text is the case's new text as pbem reads it.
func (c replyCase) text() string {
	switch {
	case c.eml:
		m, err := ReadMail([]byte(c.body))
		if err != nil {
			return "unreadable: " + err.Error()
		}
		return m.Text
	case c.html:
		return ReplyText(HTMLText(c.body))
	}
	return ReplyText(c.body)
}

// withMove is the case's body with a move written above everything (for
// a whole mail, at the start of its body: a test of the corpus's bodies).
func (c replyCase) withMove(move string) replyCase {
	if c.eml {
		if i := strings.Index(c.body, "\r\n\r\n"); i >= 0 && !strings.Contains(strings.ToLower(c.body[:i]), "multipart") {
			c.body = c.body[:i+4] + move + "\r\n\r\n" + c.body[i+4:]
		}
		return c
	}
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
	type tally struct{ total, right, lost int }
	byOrigin := map[string]*tally{}
	var all tally
	for _, c := range cases {
		langs[c.lang], clients[c.client] = true, true
		if ownCorpus() {
			assert.True(t, replyClients[c.client], "%s: unknown client %q", c.name, c.client)
		}
		o := byOrigin[originGroup(c.origin)]
		if o == nil {
			o = &tally{}
			byOrigin[originGroup(c.origin)] = o
		}
		got := c.text()
		right, lost := normalizeSpace(c.want) == normalizeSpace(got), missing(c.want, got)
		for _, x := range []*tally{o, &all} {
			x.total++
			if right {
				x.right++
			}
			if lost {
				x.lost++
			}
		}
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, normalizeSpace(c.want), normalizeSpace(got))
		})
	}
	t.Logf("%s: %d of %d replies read right (%.1f%%); %d lose a line of the player's; %d languages, %d clients", *replyDir, all.right, all.total,
		100*float64(all.right)/float64(all.total), all.lost, len(langs), len(clients))
	names := make([]string, 0, len(byOrigin))
	for o := range byOrigin {
		names = append(names, o)
	}
	sort.Strings(names)
	for _, o := range names {
		x := byOrigin[o]
		t.Logf("  %-40s %4d of %4d right (%.1f%%), %d lose a line", o, x.right, x.total, 100*float64(x.right)/float64(x.total), x.lost)
	}
	if ownCorpus() {
		assert.GreaterOrEqual(t, len(cases), 700, "replies")
		assert.GreaterOrEqual(t, len(langs), 30, "languages")
		assert.GreaterOrEqual(t, len(clients), 12, "clients")
	}
}

// originGroup is the source an origin belongs to, for the figures: a
// public suite by its repository ("crisp-oss/email-reply-parser
// test/fixtures/…" is "crisp-oss/email-reply-parser"), the replies built
// client by client together ("built"), pbem's own.
func originGroup(origin string) string {
	if before, _, ok := strings.Cut(origin, ":"); ok && !strings.Contains(before, "/") {
		return before
	}
	return strings.Fields(origin + " x")[0]
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
