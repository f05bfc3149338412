package parser

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// The quoted mail the pattern tests put under an attribution or a block.
const (
	quotedMail   = "> Amplitude, game 12, move 7: Ann played H8 right 34251 for 14 points.\n>\n> Your rack: 1 3 4 5 8 9 0\n"
	unquotedMail = "Amplitude, game 12, move 7: Ann played H8 right 34251 for 14 points.\n\nYour rack: 1 3 4 5 8 9 0\nH9 down 2+5=7\n"
	newText      = "Nice one, took me 2 hours"
)

// wraps lists the ways a client may wrap line over two lines: at every
// space whose first part is long enough to be a wrapped line.
func wraps(line string) []string {
	var out []string
	for i, r := range line {
		if r == ' ' && utf8.RuneCountInString(line[:i]) >= 40 {
			out = append(out, line[:i]+"\n"+line[i+1:])
		}
	}
	return out
}

// TestReplyAttributions: every attribution of the table, in every
// language, goes with the quote under it, wrapped or not; a dated one that
// names its sender or opens like one also ends the text when the history
// under it is not quoted (Yahoo, HTML quotes).
func TestReplyAttributions(t *testing.T) {
	for _, l := range attributionLanguages {
		for _, ex := range l.examples {
			t.Run(l.lang+" "+ex, func(t *testing.T) {
				assert.Equal(t, newText, ReplyText(newText+"\n\n"+ex+"\n\n"+quotedMail), "above a quote")
				assert.Equal(t, newText, ReplyText(newText+"\n"+ex+"\n"+quotedMail), "right under the text")
				assert.Equal(t, newText, ReplyText(quotedMail+"\n"+ex+"\n"+quotedMail+"\n"+newText), "in a bottom-posted thread")
				for _, w := range wraps(ex) {
					assert.Equal(t, newText, ReplyText(newText+"\n\n"+w+"\n"+quotedMail), "wrapped: %q", w)
				}
				if a := judgeAttribution(normalize(ex)); a.cuts {
					assert.Equal(t, newText, ReplyText(newText+"\n\n"+ex+"\n\n"+unquotedMail), "above unquoted history")
				}
			})
		}
	}
	three := "On Mon, 30 Nov 2026 at 11:52, Alexandra Catherine\nWilhelmina von Hohenzollern-Sigmaringen <\nalexandra.wilhelmina@example.org> wrote:"
	assert.Equal(t, newText, ReplyText(newText+"\n\n"+three+"\n"+quotedMail), "wrapped over three lines")
	assert.Equal(t, newText, ReplyText(newText+"\n\n---- Alice Martin wrote ----\n\n"+unquotedMail), "Zoho's dashed form without a date")
	assert.Equal(t, newText, ReplyText(newText+"\n\nAlice Martin <alice@example.org> writes:\n"+quotedMail), "Gnus")
	assert.Equal(t, newText, ReplyText(newText+"\n\nQuoting Alice Martin <alice@example.org>:\n"+quotedMail), "Horde")
	assert.Equal(t, newText, ReplyText(newText+"\n\nAlice wrote:\n"+quotedMail), "a plain one before a quote")
}

// TestReplyAttributionLookalikes: a player's line that ends like an
// attribution stays when no quote follows, or when it lacks what dates one.
func TestReplyAttributionLookalikes(t *testing.T) {
	for _, text := range []string{
		"On move 12 you wrote:\nH8 right 3+4=7",
		"say you wrote:\nboard",
		"On second thought, I'll wait for Monday:\nboard",
		"Le coup de 11:52 était joli :\nH8 right 34251",
		"The server said at 10:30:\nit is my turn",
	} {
		assert.Equal(t, text, ReplyText(text), text)
	}
}

// TestReplyHeaderBlocks: the header block of every language ends the new
// text, with a rule above it or none, in bold, with blank lines between
// its keys (an HTML reply), its From wrapped, on one line, or opening with
// its date; and the separators of every language do too.
func TestReplyHeaderBlocks(t *testing.T) {
	bold := func(block string) string {
		lines := strings.Split(block, "\n")
		for i, l := range lines {
			k, v, _ := strings.Cut(l, ":")
			lines[i] = "*" + k + ":* " + strings.TrimSpace(v)
		}
		return strings.Join(lines, "\n")
	}
	for _, l := range headerLanguages {
		lines := strings.Split(l.example, "\n")
		forms := map[string]string{
			"plain":            l.example,
			"under a rule":     "________________________________\n" + l.example,
			"bold":             bold(l.example),
			"blank lines":      strings.ReplaceAll(l.example, "\n", "\n\n"),
			"From wrapped":     strings.Replace(l.example, " <", "\n<", 1),
			"date first":       lines[1] + "\n" + lines[0] + "\n" + strings.Join(lines[2:], "\n"),
			"on one line":      strings.ReplaceAll(l.example, "\n", " "),
			"French spacing":   strings.Replace(l.example, ":", " :", -1),
			"only two headers": lines[0] + "\n" + lines[1],
		}
		for name, block := range forms {
			if name == "on one line" && l.lang != "en" && l.lang != "fr" && l.lang != "de" && l.lang != "es" && l.lang != "it" && l.lang != "pt" && l.lang != "nl" {
				continue // the one-line form is Outlook's HTML turned to text by western clients
			}
			assert.Equal(t, newText, ReplyText(newText+"\n\n"+block+"\n\n"+unquotedMail), "%s, %s", l.lang, name)
		}
	}
	for _, l := range separatorLanguages {
		assert.Equal(t, newText, ReplyText(newText+"\n\n"+l.example+"\n"+unquotedMail), l.example)
		assert.Equal(t, newText, ReplyText(newText+"\n\n*"+l.example+"*\n"+unquotedMail), "bold %s", l.example)
		for _, title := range l.titles {
			r := []rune(title)
			sep := "-------- " + strings.ToUpper(string(r[0])) + string(r[1:]) + " --------"
			assert.Equal(t, newText, ReplyText(newText+"\n\n"+sep+"\n"+unquotedMail), sep)
		}
		for _, fwd := range l.forwards {
			assert.Equal(t, newText, ReplyText(newText+"\n\n"+fwd+":\n\n"+unquotedMail), fwd)
		}
	}
	for _, rule := range []string{"==========", "----------", "__________"} {
		assert.Equal(t, newText, ReplyText(newText+"\n"+rule+"\nFrom: pbem\nSent: Monday\n"+unquotedMail), rule)
	}
	assertKept(t, "From: my point of view it's fine\nH8 right 34251", "To: whom it may concern\nboard", "pass\n-----\nsay ok",
		"board\n__________\nsay hi")
}

// TestReplyTextOnTheAttributionLine: what the player wrote before an
// attribution on the same line stays; the attribution and the quote go.
func TestReplyTextOnTheAttributionLine(t *testing.T) {
	for _, l := range attributionLanguages {
		for _, ex := range l.examples {
			if a := judgeAttribution(normalize(ex)); !a.cuts {
				continue
			}
			for _, glue := range []string{" ", "  ", "! "} {
				text := "H8 right 34251" + glue
				got := ReplyText(text + ex + "\n\n" + quotedMail)
				assert.Equal(t, strings.TrimRight(text, " "), got, "%s: %q", l.lang, text+ex)
			}
		}
	}
	assert.Equal(t, "Well played!", ReplyText("Well played!2026年11月30日(月) 11:52 Alice <a@x.org>:\n"+quotedMail))
	assert.Equal(t, "H8 right 34251", ReplyText("H8 right 34251 On Wed, Dec 2, 2026 at 9:14 AM pbem <games@pbem.example.org>\nwrote:\n"+quotedMail),
		"glued, and the attribution wrapped")
	assert.Equal(t, "Give me a minute.", ReplyText("Give me a minute.\n\n  On Tue, Dec 1, 2026 at 18:22, pbem<games@pbem.example.org> wrote:   "+unquotedMail),
		"Yahoo's history glued to its attribution")
	// Lines lost by their quote.
	assert.Equal(t, newText, ReplyText(newText+"\n\nOn Mon, 30 Nov 2026 at 11:52, Alice <a@x.org> wrote:\n"+
		"> This is a long quoted line that the client wrapped at seventy-six\ncolumns, and its end lost the marker\n> the rest\n"))
	assert.Equal(t, newText, ReplyText(newText+"\n\nOn Mon, 30 Nov 2026 at 11:52, Alice <a@x.org> wrote:\n"+
		"> read https://pbem.example.org/rules/amplitude?lang=en#brackets-and-\noperator-precedence\n> the rest\n"))
	assert.Equal(t, "> q\nH8 right 34251\n> r", "> q\nH8 right 34251\n> r", "a move between quoted lines is never taken for one")
	assert.Equal(t, "H8 right 34251", ReplyText("On Mon, 30 Nov 2026 at 11:52, Alice <a@x.org> wrote:\n> This is a long quoted line that the client wrapped at seventy-six\nH8 right 34251\n> more"))
}

// TestReplySignatures: signatures, the footers of every language's phones
// and apps and the sign-offs of every language go; lines that only look
// like them stay.
func TestReplySignatures(t *testing.T) {
	for _, l := range footerLanguages {
		for _, ex := range l.examples {
			assert.Equal(t, newText, ReplyText(newText+"\n\n"+ex+"\n\n"+quotedMail), "%s footer %q", l.lang, ex)
			assert.Equal(t, newText, ReplyText(ex+"\n\n"+quotedMail+"\n"+newText), "%s footer %q above the quote", l.lang, ex)
		}
	}
	for _, l := range signOffLanguages {
		assert.Equal(t, newText, ReplyText(newText+"\n\n"+l.example), "%s sign-off %q", l.lang, l.example)
		assert.Equal(t, newText, ReplyText(newText+"\n\n"+l.example+"\n\n"+quotedMail), "%s sign-off above the quote", l.lang)
	}
	cases := map[string]string{
		"H8 right 34251\n\n-- \nAnn Smith\n+44 20 7946 0958\n":                "H8 right 34251",
		"H8 right 34251\n--\nAnn\n":                                           "H8 right 34251",
		"H8 right 34251\n\nCheers, Ann":                                       "H8 right 34251",
		"H8 right 34251\n\nThanks & regards,\nAnn":                            "H8 right 34251",
		"H8 right 34251\n\nHilsen Ingrid":                                     "H8 right 34251",
		"H8 right 34251\n\n- Ann":                                             "H8 right 34251",
		"H8 right 34251\n\nThanks!":                                           "H8 right 34251\n\nThanks!",
		"H8 right 34251\n\nBonne journée !":                                   "H8 right 34251\n\nBonne journée !",
		"H8 right 34251\n\nAnn":                                               "H8 right 34251\n\nAnn",
		"Sent from my desk, is much easier to read the board\nH8 right 34251": "Sent from my desk, is much easier to read the board\nH8 right 34251",
		"Regards to your brother, he plays too\nH8 right 34251":               "Regards to your brother, he plays too\nH8 right 34251",
		"Ciao Marco,\nH8 right 34251\nsee you at 10:30 then":                  "Ciao Marco,\nH8 right 34251\nsee you at 10:30 then",
		"Regards,\nH8 right 34251":                                            "Regards,\nH8 right 34251",
		"good game\n\nThanks,\nAnn\n\nPS: H8 right 34251":                     "good game\n\nThanks,\nAnn\n\nPS: H8 right 34251",
	}
	for body, want := range cases {
		assert.Equal(t, want, ReplyText(body), body)
	}
}

// TestReplyHTMLQuotes: the quote containers of the major clients and text
// hidden from the reader are dropped from an HTML-only reply; what the
// player wrote between or below the quotes stays.
func TestReplyHTMLQuotes(t *testing.T) {
	const old = "Amplitude, game 12, move 7: Ann played H8 right 34251."
	cases := map[string]string{
		"Gmail":           `<div dir="ltr">` + newText + `</div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">On Mon, Nov 30, 2026 at 11:52 AM pbem &lt;<a href="mailto:g@x.org">g@x.org</a>&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex">` + old + `</blockquote></div>`,
		"Apple":           `<html><body dir="auto"><div>` + newText + `</div><div><br></div><div dir="ltr">On 30 Nov 2026, at 11:52, pbem &lt;g@x.org&gt; wrote:<br><br></div><blockquote type="cite"><div dir="ltr">` + old + `</div></blockquote></body></html>`,
		"iOS":             `<html><body dir="auto">` + newText + `<br><br><div id="AppleMailSignature">Sent from my iPhone</div><div><br><blockquote type="cite">On 30 Nov 2026, at 11:52, pbem &lt;g@x.org&gt; wrote:<br><br></blockquote></div><blockquote type="cite"><div>` + old + `</div></blockquote></body></html>`,
		"Outlook desktop": `<div class=WordSection1><p class=MsoNormal>` + newText + `<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm'><p class=MsoNormal><b>From:</b> pbem &lt;g@x.org&gt; <br><b>Sent:</b> Monday, November 30, 2026 11:52 AM<br><b>To:</b> Ann<br><b>Subject:</b> Amplitude<o:p></o:p></p></div><p class=MsoNormal>` + old + `</p></div>`,
		"Outlook web":     `<div style="font-family:Calibri">` + newText + `</div><div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1"><div id="divRplyFwdMsg" dir="ltr"><font><b>From:</b> pbem<br><b>Sent:</b> Monday</font></div><div>` + old + `</div>`,
		"Yahoo":           `<div class="ydp1 yahoo-style-wrap"><div>` + newText + `</div></div><div id="yahoo_quoted_1" class="yahoo_quoted"><div>On Monday, November 30, 2026, 11:52:00 AM GMT+1, pbem &lt;g@x.org&gt; wrote:</div><div>` + old + `</div></div>`,
		"Proton":          `<div>` + newText + `</div><div class="protonmail_signature_block"><div>Sent with Proton Mail secure email.</div></div><div class="protonmail_quote">On Monday, November 30th, 2026 at 11:52 AM, pbem &lt;g@x.org&gt; wrote:<br><blockquote class="protonmail_quote" type="cite">` + old + `</blockquote></div>`,
		"Thunderbird": `<p>` + newText + `</p><div class="moz-cite-prefix">On 30/11/2026 11:52, pbem wrote:<br></div><blockquote type="cite" cite="mid:x@y">` + old + `</blockquote><pre class="moz-signature" cols="72">-- 
Ann</pre>`,
		"hidden preheader": `<span style="display:none!important;mso-hide:all">` + old + `</span><div hidden>draft 2026</div><div>` + newText + `</div><p style="visibility:hidden">tracking 12</p>`,
	}
	for client, src := range cases {
		assert.Equal(t, newText, ReplyText(HTMLText(src)), client)
	}
	interleaved := `<div dir="ltr">Hi Ann,</div><div class="gmail_quote"><div class="gmail_attr">On Mon, Nov 30, 2026 at 11:52 AM Ann wrote:</div>` +
		`<blockquote class="gmail_quote">Shall we play again?</blockquote><div>` + newText + `</div><blockquote class="gmail_quote">At 10?</blockquote><div>Yes, at 10:30.</div></div>`
	assert.Equal(t, "Hi Ann,\n"+newText+"\nYes, at 10:30.", ReplyText(HTMLText(interleaved)), "Gmail, interleaved")
}
