package parser

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestHTMLText(t *testing.T) {
	cases := []struct {
		name, html, want string
	}{
		{"empty", "", ""},
		{"text only", "pass", "pass"},
		{"entities", "say 3 &lt; 4 &amp;&amp; caf&eacute; &#233;&#xE9; &mdash; &euro;&nbsp;5", "say 3 < 4 && café éé — € 5"},
		{"unknown entity kept", "say &bogus; &amp", "say &bogus; &"},
		{"br", "pass<br>board<BR/>help<br />", "pass\nboard\nhelp"},
		{"blank line from br", "pass<br><br>board", "pass\n\nboard"},
		{"Gmail divs", `<div dir="ltr">pass<div><br></div><div>board</div></div>`, "pass\n\nboard"},
		{"paragraphs", "<p>pass</p><p>board</p>", "pass\nboard"},
		{"Outlook empty paragraph", `<p class=MsoNormal>pass<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Dave</p>`, "pass\n\nDave"},
		{"whitespace collapses", "  say   hello\n\tworld  ", "say hello world"},
		{"inline elements", "say <b>well</b> <i>played</i><span>!</span>", "say well played!"},
		{"block inside inline text", "pass<div>board</div>help", "pass\nboard\nhelp"},
		{"headings and lists", "<h1>Title</h1><ul><li>one</li><li>two</li></ul>", "Title\none\ntwo"},
		{"table", "<table><tr><td>a</td><td>b</td></tr><tr><th>c</th><td>d</td></tr></table>", "a b\nc d"},
		{"pre keeps spacing", "<pre>  A B\n  1 2</pre>after", "  A B\n  1 2\nafter"},
		{"pre entities", "<pre>3 &lt; 4</pre>", "3 < 4"},
		{"uppercase tags", "<DIV>pass</DIV><P>board</P>", "pass\nboard"},
		{"attribute with > inside quotes", `<div title="a > b" class='x'>pass</div>`, "pass"},
		{"literal <", "say 3 < 4 and 5 <= 6", "say 3 < 4 and 5 <= 6"},
		{"comment", "pass<!-- <div>hidden</div> -->board", "passboard"},
		{"conditional comment", "<!--[if !mso]><style>x</style><![endif]-->pass", "pass"},
		{"doctype and processing instruction", "<!DOCTYPE html><?xml version=\"1.0\"?>pass", "pass"},
		{"script and style", "<style>p { color: red }</style><script>if (a < b) { x() }</script>pass<SCRIPT type=x>y</SCRIPT>", "pass"},
		{"head with title", "<html><head><title>Re: game</title><meta charset=utf-8></head><body>pass</body></html>", "pass"},
		{"unclosed title", "<title>pass", "pass"},
		{"unclosed script hides the rest", "pass<script>var x", "pass"},
		{"unclosed comment", "pass<!-- board", "pass"},
		{"unclosed tag", "pass<div class=", "pass"},
		{"unclosed quoted attribute", `pass<div class="x>board`, "pass"},
		{"blockquote", "pass<blockquote>old<blockquote>older</blockquote>old again</blockquote>board", "pass\nboard"},
		{"Apple blockquote with attribution", `pass<div><br><blockquote type="cite"><div>On 30 Nov 2026, at 11:52, Alice wrote:</div><pre>old</pre></blockquote></div>`, "pass"},
		{"Gmail quote container", `<div dir="ltr">pass</div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">On Mon, 30 Nov 2026 at 11:52, Alice &lt;a@x&gt; wrote:<br></div><blockquote class="gmail_quote"><div>old</div></blockquote></div><div>after</div>`, "pass\n\nafter"},
		{"Thunderbird cite prefix", `<p>pass</p><div class="moz-cite-prefix">On 30/11/2026 11:52, Alice wrote:<br></div><blockquote type="cite" cite="mid:x@y">old</blockquote>`, "pass"},
		{"Yahoo quote", `<div>pass</div><div class="yahoo_quoted"><div>On Monday, Alice wrote:</div><div>old</div></div>`, "pass"},
		{"Outlook web reply header cuts", `<div>board</div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> pbem</div><div>old</div>`, "board"},
		{"Outlook reply header id alone cuts", `<div>board</div><hr><div id="divRplyFwdMsg"><b>From:</b> pbem</div><div>old</div>`, "board"},
		{"new Outlook reference container", `<div>board</div><div id="mail-editor-reference-message-container"><div>old</div></div>`, "board"},
		{"Outlook desktop header stays for ReplyText", `<p>draw</p><div style="border-top:solid #E1E1E1 1.0pt"><p><b>From:</b> pbem<br><b>Sent:</b> Monday</p></div><p>old</p>`, "draw\nFrom: pbem\nSent: Monday\nold"},
		{"unclosed quote container drops the rest", `pass<div class="yahoo_quoted"><div>old`, "pass"},
		{"self-closing container drops nothing", `pass<div class="yahoo_quoted"/>board`, "pass\nboard"},
		{"Gmail interleaved answers inside the quote container", `<div dir="ltr">Hi</div><div class="gmail_quote"><div class="gmail_attr">On Mon, Alice wrote:</div><blockquote class="gmail_quote">q1</blockquote><div>a1</div><blockquote class="gmail_quote">q2</blockquote><div>a2</div></div>`, "Hi\na1\na2"},
		{"Yahoo's prefixed quote class", `<div>pass</div><div class="ydp2c1f0c3eyahoo_quoted"><div>old</div></div>`, "pass"},
		{"signature containers", `<div>pass</div><div class="gmail_signature">Ann<br>06 12</div><div id="Signature">Bob</div><div class="moz-signature">-- <br>Eve</div>`, "pass"},
		{"Fastmail quote", `<div>pass</div><div id="qt"><div>On Mon, Alice wrote:</div><blockquote>old</blockquote></div>`, "pass"},
		{"Hotmail and Zimbra rules cut", `<div>pass</div><hr id="stopSpelling">From: x<br>old`, "pass"},
		{"hidden text", `<span style="display:none">preheader</span><div hidden>draft</div><p style="visibility: hidden">x</p>` +
			`<div style="DISPLAY: NONE !important">y</div><span style="mso-hide:all">z</span><div>pass</div><img hidden src=x>`, "pass"},
		{"visible despite a style", `<div style="display:block;color:red">pass</div><div data-hidden="1">board</div>`, "pass\nboard"},
		{"invalid UTF-8", "say caf\xe9", "say caf\uFFFD"},
		{"CRLF in text", "pass\r\nboard", "pass board"},
		{"nbsp lines trimmed", "<div>&nbsp;</div><div>pass&nbsp;</div><div>&nbsp;</div>", "pass"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, HTMLText(c.html))
		})
	}
}

func FuzzHTMLText(f *testing.F) {
	for _, s := range []string{
		"pass<br>board", `<div class="gmail_quote"><blockquote>x</blockquote></div>`, "<pre>a\n b</pre>",
		"<script>x", "<!--", "<a href='x", "&#0;&#xD800;&amp", "<div id=divRplyFwdMsg>x", "<\xff>",
		"<table><tr><td>a<td>b</table>", "<blockquote><blockquote></blockquote>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		got := HTMLText(src)
		assert.True(t, utf8.ValidString(got))
		assert.NotContains(t, got, "\r")
		if got == "" {
			return
		}
		lines := strings.Split(got, "\n")
		assert.NotEqual(t, "", lines[0])
		assert.NotEqual(t, "", lines[len(lines)-1])
		for _, l := range lines {
			assert.Equal(t, strings.TrimRight(l, " \t"), l, "trailing space in %q", l)
		}
	})
}
