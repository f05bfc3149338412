package parser

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden .txt files of testdata/mail")

// fixtures returns the paths of the .eml fixtures.
func fixtures(t testing.TB) []string {
	paths, err := filepath.Glob(filepath.Join("testdata", "mail", "*.eml"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(paths), 14)
	return paths
}

// golden renders what ReadMail read, for the .txt file beside each fixture.
func golden(m Mail) string {
	var b strings.Builder
	fmt.Fprintf(&b, "automatic: %s\n", m.Automatic)
	fmt.Fprintf(&b, "from: %s\n", m.From)
	fmt.Fprintf(&b, "return-path: %s (present: %v)\n", m.ReturnPath, m.HasReturnPath)
	fmt.Fprintf(&b, "to: %s\n", strings.Join(m.To, ", "))
	fmt.Fprintf(&b, "cc: %s\n", strings.Join(m.Cc, ", "))
	fmt.Fprintf(&b, "subject: %s\n", m.Subject)
	fmt.Fprintf(&b, "message-id: %s\n", m.MessageID)
	fmt.Fprintf(&b, "in-reply-to: %s\n", m.InReplyTo)
	fmt.Fprintf(&b, "references: %s\n", strings.Join(m.References, " "))
	date := ""
	if !m.Date.IsZero() {
		date = m.Date.UTC().Format(time.RFC3339)
	}
	fmt.Fprintf(&b, "date: %s\n", date)
	fmt.Fprintf(&b, "--- text\n%s\n", m.Text)
	return b.String()
}

// TestReadMailGolden reads every fixture and compares with its golden file;
// go test ./parser/ -run TestReadMailGolden -update rewrites them.
func TestReadMailGolden(t *testing.T) {
	for _, path := range fixtures(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".eml")
		t.Run(name, func(t *testing.T) {
			raw, err := os.ReadFile(path)
			require.NoError(t, err)
			m, err := ReadMail(raw)
			require.NoError(t, err)
			got := golden(m)
			want := strings.TrimSuffix(path, ".eml") + ".txt"
			if *update {
				require.NoError(t, os.WriteFile(want, []byte(got), 0o644))
			}
			exp, err := os.ReadFile(want)
			require.NoError(t, err, "no golden file: run with -update")
			assert.Equal(t, string(exp), got)
		})
	}
}

// TestReadMailFixtures checks what each fixture is there for, so that a
// golden file rewritten with a regression in it still fails.
func TestReadMailFixtures(t *testing.T) {
	cases := []struct {
		file      string
		text      string
		automatic bool
	}{
		{"gmail-toppost", "H9 down 2+5=7\nsay nice one, Alice!", false},
		{"gmail-french", "#13 pass\nsay Bien joué, à toi de voir !", false},
		{"outlook-desktop", "exchange 3 8", false},
		{"outlook-web", "board", false},
		{"apple-mail", "resign\nsay Thanks for the game, Alice. Rematch next week?", false},
		{"thunderbird-bottompost", "H9 down 2+5=7\nsay That was a close one: I nearly missed the seven at H8. Good luck with the next draw, and see you at the club on Thursday!", false},
		{"interleaved", "Nice move.\n\n\n#13 J7 right 1+3=4\n\n\nsay thanks, you too", false},
		{"html-only", "K4 down 6*3=18\n\nsay Well played & thanks — Hana", false},
		{"latin1-qp", "say Très bien joué, à toi de jouer ! Ça m'étonne.\npass", false},
		{"cp1252-base64", "say Bien joué, mais c’est « limite » : 5 € de plus ?\ndraw", false},
		{"mixed-attachment", "D4 right 9-1=8\nsay see the photo of my paper board", false},
		{"signature", "history", false},
		{"iphone", "pass", false},
		{"broken-headers", "board\nsay déjà vu", false},
		{"auto-reply", "", true},
		{"bounce", "", true},
		{"mailing-list", "", true},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("testdata", "mail", c.file+".eml"))
			require.NoError(t, err)
			m, err := ReadMail(raw)
			require.NoError(t, err)
			if c.text != "" {
				assert.Equal(t, c.text, m.Text)
			}
			assert.Equal(t, c.automatic, m.Automatic != "", m.Automatic)
			assert.NotEmpty(t, m.From)
			assert.NotEmpty(t, m.MessageID)
			assert.NotContains(t, m.MessageID, "<")
		})
	}
}

func TestReadMailHeaders(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "mail", "broken-headers.eml"))
	require.NoError(t, err)
	m, err := ReadMail(raw)
	require.NoError(t, err)
	assert.Equal(t, "Bob@example.net", m.From)
	assert.Equal(t, []string{"pbem+g42-q7xk2mfp3vbwc5ya@pbem.example.org", "jane@example.net"}, m.To)
	assert.Empty(t, m.Cc)
	assert.Equal(t, "20261130120000.GA1234", m.MessageID)
	assert.Equal(t, "g42.12.1764499920@pbem.example.org", m.InReplyTo)
	assert.Equal(t, []string{"g42.0.1764412800@pbem.example.org", "g42.12.1764499920@pbem.example.org"}, m.References)
	assert.Equal(t, "bob@example.net", m.ReturnPath)
	assert.True(t, m.HasReturnPath)
	assert.Equal(t, time.Date(2026, 11, 30, 11, 0, 0, 0, time.UTC), m.Date.UTC())

	raw, err = os.ReadFile(filepath.Join("testdata", "mail", "bounce.eml"))
	require.NoError(t, err)
	m, err = ReadMail(raw)
	require.NoError(t, err)
	assert.Equal(t, "", m.ReturnPath)
	assert.True(t, m.HasReturnPath)
	assert.Equal(t, "MAILER-DAEMON@mx.pbem.example.org", m.From)
}

func TestReadMailCases(t *testing.T) {
	cases := []struct {
		name string
		raw  string
		want Mail
	}{
		{
			name: "single part, CRLF, trailing CR",
			raw:  "From: a@example.org\r\nMessage-ID: <1@x>\r\n\r\npass\r\n\r\n> q\r",
			want: Mail{MessageID: "1@x", From: "a@example.org", Text: "pass"},
		},
		{
			name: "no blank line after the header",
			raw:  "From: a@example.org\nSubject: hi",
			want: Mail{From: "a@example.org", Subject: "hi"},
		},
		{
			name: "leading blank lines and a stray header line",
			raw:  "\n\nFrom: a@example.org\nnot a header\n continued stray\nSubject: s\n\nboard\n",
			want: Mail{From: "a@example.org", Subject: "s", Text: "board"},
		},
		{
			name: "mbox envelope line",
			raw:  "From a@example.org Mon Nov 30 12:00:00 2026\nFrom: a@example.org\n\nhelp\n",
			want: Mail{From: "a@example.org", Text: "help"},
		},
		{
			name: "empty return path",
			raw:  "Return-Path: <>\nFrom: a@example.org\n\nx\n",
			want: Mail{From: "a@example.org", HasReturnPath: true, Text: "x", Automatic: "empty return path"},
		},
		{
			name: "unknown transfer encoding is read raw",
			raw:  "From: a@example.org\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: x-uuencode\n\npass\n",
			want: Mail{From: "a@example.org", Text: "pass"},
		},
		{
			name: "utf-8 label on latin-1 bytes",
			raw:  "From: a@example.org\nContent-Type: text/plain; charset=utf-8\n\nsay d\xe9j\xe0\n",
			want: Mail{From: "a@example.org", Text: "say déjà"},
		},
		{
			name: "iso-8859-15 euro sign",
			raw:  "From: a@example.org\nContent-Type: text/plain; charset=iso-8859-15\nContent-Transfer-Encoding: quoted-printable\n\nsay 5 =A4\n",
			want: Mail{From: "a@example.org", Text: "say 5 €"},
		},
		{
			name: "html part before plain part in multipart/related",
			raw: "From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/html\n\n<p>html</p>\n" +
				"--b\nContent-Type: text/plain\n\nplain\n--b--\n",
			want: Mail{From: "a@example.org", Text: "plain"},
		},
		{
			name: "html only, nested",
			raw: "From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: multipart/alternative; boundary=c\n\n" +
				"--c\nContent-Type: text/html; charset=windows-1252\n\n<p>say \x93hi\x94</p><blockquote>old</blockquote>\n--c--\n--b--\n",
			want: Mail{From: "a@example.org", Text: "say “hi”"},
		},
		{
			name: "html only from Outlook desktop: the header block is cut",
			raw: "From: a@example.org\nContent-Type: text/html; charset=us-ascii\n\n<p class=MsoNormal>draw<o:p></o:p></p><div style=\"border-top:solid #E1E1E1 1.0pt\">" +
				"<p class=MsoNormal><b>From:</b> pbem &lt;p@x.org&gt;<br><b>Sent:</b> Monday<br><b>To:</b> a</p></div><p class=MsoNormal>Amplitude</p>\n",
			want: Mail{From: "a@example.org", Text: "draw"},
		},
		{
			name: "blank text/plain beside the html",
			raw: "From: a@example.org\nContent-Type: multipart/alternative; boundary=b\n\n--b\nContent-Type: text/plain\n\n \r\n\n" +
				"--b\nContent-Type: text/html\n\n<div>resign</div>\n--b--\n",
			want: Mail{From: "a@example.org", Text: "resign"},
		},
		{
			name: "attachment only",
			raw:  "From: a@example.org\nContent-Type: text/plain\nContent-Disposition: attachment; filename=a.txt\n\npass\n",
			want: Mail{From: "a@example.org"},
		},
		{
			name: "multipart without its boundary",
			raw:  "From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\npass\n",
			want: Mail{From: "a@example.org"},
		},
		{
			name: "format=flowed with delsp",
			raw:  "From: a@example.org\nContent-Type: text/plain; format=flowed; delsp=yes\n\nsay one long li \nne\n>> quoted \n>> line\n",
			want: Mail{From: "a@example.org", Text: "say one long line"},
		},
		{
			name: "subject in an unknown charset keeps its bytes",
			raw:  "From: a@example.org\nSubject: =?x-unknown?q?caf=E9?=\n\n",
			want: Mail{From: "a@example.org", Subject: "café"},
		},
		{
			name: "several senders: none",
			raw:  "From: a@example.org, b@example.org\n\n",
			want: Mail{FromProblem: "more than one address in From: the sender is ambiguous"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := ReadMail([]byte(c.raw))
			require.NoError(t, err)
			m.To, m.Cc, m.References = nil, nil, nil
			assert.Contains(t, m.Body, strings.TrimSpace(m.Text), "the text comes from the body")
			m.Body, m.sender = "", nil
			assert.Equal(t, c.want, m)
		})
	}
}

func TestReadMailRefusals(t *testing.T) {
	for _, raw := range []string{"", "\r\n\r\n", "just some text\nand more", "From nobody\n", "\n\nbody only\n", ": no name\n\n"} {
		_, err := ReadMail([]byte(raw))
		assert.Error(t, err, "%q", raw)
	}
}

// TestReadMailHuge checks the work stays bounded on a big mail: the text is
// read up to maxTextBytes and the rest is skipped.
func TestReadMailHuge(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\n")
	for range 300 {
		b.WriteString("--b\nContent-Type: application/octet-stream\n\nxxxx\n")
	}
	b.WriteString("--b\nContent-Type: text/plain\n\n")
	b.WriteString(strings.Repeat("é", maxTextBytes))
	b.WriteString("\n--b--\n")
	m, err := ReadMail(b.Bytes())
	require.NoError(t, err)
	assert.Empty(t, m.Text, "the text part comes after maxParts parts")

	m, err = ReadMail([]byte("From: a@example.org\n\n" + strings.Repeat("é", maxTextBytes)))
	require.NoError(t, err)
	assert.True(t, utf8.ValidString(m.Text))
	assert.Equal(t, maxTextBytes/2, utf8.RuneCountInString(m.Text))
}

func TestTolerantAddresses(t *testing.T) {
	cases := []struct {
		name, header string
		want         []string
	}{
		{"bare address", "alice@example.org", []string{"alice@example.org"}},
		{"unquoted comma in the name", "Martin, Bob <bob@example.net>", []string{"bob@example.net"}},
		{"name without brackets", `"Alice" alice@example.org`, []string{"alice@example.org"}},
		{"address-like name", `"mallory@evil.example" <alice@example.org>`, []string{"alice@example.org"}},
		{"unbalanced quote", `"Alice <alice@example.org>`, []string{"alice@example.org"}},
		{"missing closing bracket", "Alice <alice@example.org", []string{"alice@example.org"}},
		{"comment", "alice@example.org (Alice, at work)", []string{"alice@example.org"}},
		{"domain lower-cased", "Bob <Bob@Example.NET>", []string{"Bob@example.net"}},
		{"8-bit name", "Ren\xe9 <rene@example.fr>", []string{"rene@example.fr"}},
		{"list", "a@x.org; b@y.org, <c@z.org>", []string{"c@z.org"}},
		{"mailto", "<mailto:alice@example.org>", []string{"alice@example.org"}},
		{"no address", "undisclosed-recipients:;", nil},
		{"not an address", "MAILER-DAEMON (Mail Delivery System)", nil},
		{"two at signs", "<a@b@c.org>", nil},
		{"empty", "", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, tolerantAddresses(c.header))
		})
	}
}

// TestFromAddress checks the From field as ReadMail reads it: by RFC 5322,
// a quoted local part staying the local part; an ambiguous sender is no
// sender; the tolerant reading, outside quotes only, of the broken fields
// real clients write.
func TestFromAddress(t *testing.T) {
	const ambiguous = "more than one address in From: the sender is ambiguous"
	cases := []struct{ name, header, want, problem string }{
		{"plain", "Alice <alice@example.org>", "alice@example.org", ""},
		{"no name", "alice@example.org", "alice@example.org", ""},
		{"quoted local part with an at sign", `"victim@example.org"@attacker.example`, `"victim@example.org"@attacker.example`, ""},
		{"the same with a name", `Victim <"victim@example.org"@Attacker.Example>`, `"victim@example.org"@attacker.example`, ""},
		{"quoted local part that needs no quotes", `"alice"@example.org`, "alice@example.org", ""},
		{"quoted local part with a space", `"alice smith"@example.org`, "", "a From address pbem cannot answer"},
		{"address-like display name", `"victim@example.org" <mallory@attacker.example>`, "mallory@attacker.example", ""},
		{"encoded name", "=?UTF-8?Q?Chlo=C3=A9?= <chloe@example.fr>", "chloe@example.fr", ""},
		{"encoded name holding an address", "=?UTF-8?Q?victim=40example.org?= <mallory@attacker.example>", "mallory@attacker.example", ""},
		{"encoded name holding a raw at sign", "=?UTF-8?Q?victim@example.org?= <mallory@attacker.example>", "", ambiguous},
		{"encoded name holding a bracketed address", "=?UTF-8?Q?<victim@example.org>?= <mallory@attacker.example>", "", ambiguous},
		{"encoded name, unknown charset", "=?x-mac-roman?Q?Chlo=8E?= <chloe@example.fr>", "chloe@example.fr", ""},
		{"raw latin-1 name", "Chlo\xe9 <chloe@example.fr>", "chloe@example.fr", ""},
		{"unquoted comma", "Smith, Alice <alice@example.org>", "alice@example.org", ""},
		{"unbalanced quote", `"Alice <alice@example.org>`, "alice@example.org", ""},
		{"missing closing bracket", "Alice <alice@example.org", "alice@example.org", ""},
		{"the address as its own unquoted name", "alice@example.org <alice@example.org>", "alice@example.org", ""},
		{"another address as an unquoted name", "victim@example.org <mallory@attacker.example>", "", ambiguous},
		{"broken, an address only inside quotes", `"victim@example.org" <>`, "", ""},
		{"two addresses", "Alice <alice@example.org>, Bob <bob@example.net>", "", ambiguous},
		{"two addresses, one quoted", `"victim@example.org"@attacker.example, victim@example.org`, "", ambiguous},
		{"two addresses, broken", "Smith, Alice <alice@example.org>, <bob@example.net>", "", ambiguous},
		{"group of one", "Team: alice@example.org;", "alice@example.org", ""},
		{"group of two", "Team: alice@example.org, bob@example.net;", "", ambiguous},
		{"empty group", "undisclosed-recipients:;", "", ""},
		{"unreadable", "Alice", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := ReadMail([]byte("From: " + c.header + "\r\n\r\nx\r\n"))
			require.NoError(t, err)
			assert.Equal(t, c.want, m.From)
			assert.Equal(t, c.problem, m.FromProblem)
		})
	}
}

// TestFromFields: a mail with two From fields names no sender, however
// the fields are written; one field folded over lines is one.
func TestFromFields(t *testing.T) {
	const problem = "2 From fields: the sender is ambiguous"
	cases := []struct{ name, header, want, problem string }{
		{"two fields", "From: mallory@attacker.example\r\nFrom: victim@example.org\r\n", "", problem},
		{"the same address twice", "From: victim@example.org\r\nFrom: victim@example.org\r\n", "", problem},
		{"another case and a space before the colon", "From: mallory@attacker.example\r\nFROM : victim@example.org\r\n", "", problem},
		{"apart, with a stray line between", "From: mallory@attacker.example\r\nnot a field\r\nTo: x@example.org\r\nFrom: victim@example.org\r\n", "", problem},
		{"folded", "From: Victim\r\n <victim@example.org>\r\n", "victim@example.org", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := ReadMail([]byte(c.header + "Subject: s\r\n\r\nx\r\n"))
			require.NoError(t, err)
			assert.Equal(t, c.want, m.From)
			assert.Equal(t, c.problem, m.FromProblem)
		})
	}
}

func TestUnflow(t *testing.T) {
	assert.Equal(t, "say a b c\nnext", unflow("say a \nb \nc\nnext", false))
	assert.Equal(t, "say abc", unflow("say a \nb \nc", true))
	assert.Equal(t, "x \n-- \nsig", unflow("x \n-- \nsig", false), "a flowed line before a quote-depth change ends")
	assert.Equal(t, "> quoted text\nnew", unflow("> quoted \n> text\nnew", false))
	assert.Equal(t, " stuffed", unflow("  stuffed", false))
}

func TestDecodeCharset(t *testing.T) {
	assert.Equal(t, "€‚ƒ„…Ÿ é", decodeCharset("windows-1252", []byte("\x80\x82\x83\x84\x85\x9f \xe9")))
	assert.Equal(t, "“é”", decodeCharset("ISO-8859-1", []byte("\x93\xe9\x94")), "latin-1 is read as windows-1252")
	assert.Equal(t, "€ŠšŽžŒœŸé", decodeCharset(`"iso-8859-15"`, []byte("\xa4\xa6\xa8\xb4\xb8\xbc\xbd\xbe\xe9")))
	assert.Equal(t, "déjà", decodeCharset("utf-8", []byte("déjà")))
	assert.Equal(t, "déjà", decodeCharset("x-unknown", []byte("d\xe9j\xe0")))
	assert.Equal(t, "\u0081", decodeCharset("cp1252", []byte{0x81}))
}

func BenchmarkReadMail(b *testing.B) {
	paths := fixtures(b)
	raws := make([][]byte, len(paths))
	size := 0
	for i, p := range paths {
		raw, err := os.ReadFile(p)
		require.NoError(b, err)
		raws[i] = raw
		size += len(raw)
	}
	b.SetBytes(int64(size / len(raws)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := ReadMail(raws[i%len(raws)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadMail5K reads a typical 5 KB Gmail reply: the bar is 100 µs.
func BenchmarkReadMail5K(b *testing.B) {
	raw, err := os.ReadFile(filepath.Join("testdata", "mail", "gmail-toppost.eml"))
	require.NoError(b, err)
	quote := strings.Repeat("> Amplitude, game g42, move 12: a line of the quoted board.\n", 45)
	raw = bytes.Replace(raw, []byte("> Amplitude, game g42"), []byte(quote+"> Amplitude, game g42"), 1)
	require.Greater(b, len(raw), 5000)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadMail(raw); err != nil {
			b.Fatal(err)
		}
	}
}

func FuzzReadMail(f *testing.F) {
	for _, p := range fixtures(f) {
		raw, err := os.ReadFile(p)
		require.NoError(f, err)
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		m, err := ReadMail(raw)
		if err != nil {
			assert.Equal(t, Mail{}, m)
			return
		}
		for _, s := range append([]string{m.MessageID, m.From, m.ReturnPath, m.Subject, m.InReplyTo, m.Text, m.Automatic},
			append(append(m.To, m.Cc...), m.References...)...) {
			assert.True(t, utf8.ValidString(s), "%q", s)
		}
		assert.NotContains(t, m.Text, "\r\n")
		if lines := strings.Split(m.Text, "\n"); m.Text != "" {
			assert.False(t, isBlank(lines[0]) || isBlank(lines[len(lines)-1]), "%q", m.Text)
		}
		if m.From != "" {
			assert.Equal(t, m.From, normalizeAddress(m.From))
		}
		if m.FromProblem != "" {
			assert.Empty(t, m.From, "an ambiguous sender is no sender")
		}
		if m.ReturnPath == "" && m.HasReturnPath {
			assert.NotEmpty(t, m.Automatic)
		}
	})
}
