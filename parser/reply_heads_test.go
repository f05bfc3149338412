package parser

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestReplyHeadAboveQuoteKeepsTextBelow: a separator or a header block
// that a quote follows (Outlook's "prefix each line", Thunderbird's header
// form, a forward quoted whole) goes with the quote, and the player's text
// under it stays, in every language of the tables.
func TestReplyHeadAboveQuoteKeepsTextBelow(t *testing.T) {
	for _, l := range headerLanguages {
		assert.Equal(t, newText, ReplyText(l.example+"\n\n"+quotedMail+"\n"+newText), "%s header block on top", l.lang)
		bold := strings.ReplaceAll("*"+strings.ReplaceAll(l.example, "\n", "\n*"), ":", ":*")
		assert.Equal(t, newText, ReplyText(bold+"\n\n"+quotedMail+"\n"+newText), "%s bold header block on top", l.lang)
		assert.Equal(t, "Top\n\n\n"+newText, ReplyText("Top\n\n"+l.example+"\n\n"+quotedMail+"\n"+newText), "%s header block between", l.lang)
	}
	for _, l := range separatorLanguages {
		assert.Equal(t, newText, ReplyText(l.example+"\n"+quotedMail+"\n"+newText), "%s separator on top", l.lang)
		for _, fwd := range l.forwards {
			assert.Equal(t, newText, ReplyText(fwd+":\n\n> From: pbem <g@x.org>\n> Date: 30 Nov 2026\n>\n"+quotedMail+"\n"+newText), "%s forward on top", l.lang)
		}
	}
	assert.Equal(t, "a\n\n\nb", ReplyText("-------- Original Message --------\nSubject: s\nDate: 30.11.2026 11:52\nFrom: pbem <g@x.org>\n\n> q1\n\na\n\n> q2\n\nb"),
		"Thunderbird's header form, interleaved")
	assert.Equal(t, newText, ReplyText(newText+"\n\nFrom: pbem <g@x.org>\nSent: Monday, November 30, 2026 11:52\n\n"+unquotedMail+"> an older quote\n"),
		"a header block over unquoted history still ends the text")
}

// TestReplyHeaderBlocksOpeningWithOtherKeys: a block that opens with its
// subject (Onet) or its recipient (Outlook.com) ends the text once a From
// or a date and a third key follow; a player's lines opening with those
// words stay.
func TestReplyHeaderBlocksOpeningWithOtherKeys(t *testing.T) {
	for name, block := range map[string]string{
		"Onet":        "Temat: Amplitude, game 12\nNadawca: pbem <g@x.org>\nAdresat: ola@onet.pl\nData: Pon, 30 Lis 2026 11:52",
		"Outlook.com": "To: ann@outlook.com\nFrom: g@x.org\nSubject: Amplitude, game 12\nDate: Mon, 30 Nov 2026 11:52:00 +0100",
		"Cc first":    "Cc: \nFrom: pbem <g@x.org>\nSent: Monday, November 30, 2026 11:52",
	} {
		assert.Equal(t, newText, ReplyText(newText+"\n\n"+block+"\n\n"+unquotedMail), name)
	}
	assertKept(t, "To: whom it may concern\nSubject to the rules, I pass on this one\nboard",
		"Subject: the bracket rule\nTo be honest I never read it")
}

// TestReplyHeaderTables: header blocks laid out as tables — the bars of a
// table turned to text, the colon-less rows of the Chinese, Japanese and
// Korean webmails, a key alone on its line with its value under it (HTML
// blocks whose values stand in elements of their own) — end the text too.
func TestReplyHeaderTables(t *testing.T) {
	for _, l := range headerLanguages {
		lines := strings.Split(l.example, "\n")
		var bars, split []string
		for _, line := range lines {
			k, v, _ := strings.Cut(line, ":")
			bars = append(bars, "| "+k+" | "+strings.TrimSpace(v)+" |")
			split = append(split, k+":", strings.TrimSpace(v))
		}
		assert.Equal(t, newText, ReplyText(newText+"\n\n"+strings.Join(bars, "\n")+"\n"+unquotedMail), "%s with bars", l.lang)
		assert.Equal(t, newText, ReplyText(newText+"\n\n"+strings.Join(split, "\n")+"\n\n"+unquotedMail), "%s keys and values apart", l.lang)
		if !spacedScript(firstRune(l.example)) {
			loose := strings.ReplaceAll(strings.ReplaceAll(l.example, ": ", " "), "：", " ")
			assert.Equal(t, newText, ReplyText(newText+"\n\n"+loose+"\n"+unquotedMail), "%s without colons", l.lang)
		}
	}
	netease := `<div>` + newText + `</div><table><tr><td>发件人</td><td>pbem&lt;g@x.org&gt;</td></tr><tr><td>发送日期</td><td>2026年11月30日 11:52</td></tr>` +
		`<tr><td>主题</td><td>Amplitude</td></tr></table><div>` + unquotedMail + `</div>`
	assert.Equal(t, newText, ReplyText(HTMLText(netease)), "NetEase's table")
	split := `<div>` + newText + `</div><p><b>From:</b></p><p>pbem &lt;g@x.org&gt;</p><p><b>Sent:</b></p><p>Monday, 30 November 2026 11:52</p><div>` + unquotedMail + `</div>`
	assert.Equal(t, newText, ReplyText(HTMLText(split)), "a block split across paragraphs")
	assertKept(t, "主题是什么我忘了，不过这盘棋很有意思。\n发件人那边好像写错了名字。", "From:\nmy side it is fine")
}

// TestReplySeparatorGluedToItsHeader: a separator with the first header
// glued to it on one line ends the text, in every language.
func TestReplySeparatorGluedToItsHeader(t *testing.T) {
	for _, l := range separatorLanguages {
		for _, title := range l.titles {
			body := newText + "\n\n-------- " + title + " --------From: pbem <g@x.org>\nSent: Monday, 30 November 2026 11:52\n\n" + unquotedMail
			assert.Equal(t, newText, ReplyText(body), "%s %q", l.lang, title)
		}
	}
	assert.Equal(t, "pass\n-------- Note --------remember the rules", ReplyText("pass\n-------- Note --------remember the rules"), "an unknown title stays")
}

// TestReplyAttributionVerbGluedToTheName: a dated attribution whose
// sender's name is glued to its verb, as HTML turned to text leaves it,
// still ends the text; an undated line ending so does not.
func TestReplyAttributionVerbGluedToTheName(t *testing.T) {
	assert.Equal(t, newText, ReplyText(newText+"\n\nAm 30.11.2026 um 11:52 Aliceschrieb:\n\n"+unquotedMail))
	assert.Equal(t, newText, ReplyText(newText+"\n\nOn 30/11/2026 11:52, Alicewrote:\n"+quotedMail))
	assertKept(t, "I rewrote:\nthe plan")
}

// assertKept checks that each text, a player's lines that only look like
// what the reader drops, is read whole.
func assertKept(t *testing.T, texts ...string) {
	t.Helper()
	for _, kept := range texts {
		assert.Equal(t, kept, ReplyText(kept), "a lookalike stays")
	}
}

// TestReplyDigitsOfEveryScript: dates written with the digits of other
// scripts read as dates, so their attributions go.
func TestReplyDigitsOfEveryScript(t *testing.T) {
	assert.Equal(t, "2026 11:52 2026 30", normalize("٢٠٢٦ ١١:٥٢ ۲۰۲۶ ３０"))
	for _, attr := range []string{
		"في ٣٠/١١/٢٠٢٦ ١١:٥٢، كتب Alice Martin <alice@example.org>:",
		"در ۱۱/۳۰/۲۰۲۶ ساعت ۱۱:۵۲, Alice Martin نوشت:",
		"सोम, ३० नव॰ २०२६ को ११:५२ बजे Alice Martin <alice@example.org> ने लिखा:",
		"２０２６年１１月３０日 １１:５２ Alice Martin <alice@example.org>:",
	} {
		assert.Equal(t, newText, ReplyText(newText+"\n\n"+attr+"\n\n"+unquotedMail), attr)
	}
}

// TestReplyCommandNeverDroppedAsAttribution: a line that opens like a
// command stays, whatever attribution it ends like.
func TestReplyCommandNeverDroppedAsAttribution(t *testing.T) {
	for _, body := range []string{
		"H8 right 34251, Alice wrote:\n" + quotedMail,
		"pass, as Alice <alice@example.org> wrote on 30/11/2026 11:52:\n" + quotedMail,
		"#13 H9 down 2+5=7 2026-11-30 11:52 Alice <alice@example.org>:\n" + quotedMail,
	} {
		first := strings.SplitN(body, "\n", 2)[0]
		assert.Contains(t, ReplyText(body), strings.Fields(first)[0], body)
	}
}
