package parser

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine/amplitude"
)

func TestReplyText(t *testing.T) {
	const quote = "> Amplitude, game g42, move 12. Your turn.\n>\n> Your rack: 1 3 4 5 8 9 0\n"
	cases := []struct {
		name, body, want string
	}{
		{"empty", "", ""},
		{"blank", "\n \n\t\n", ""},
		{"plain", "pass", "pass"},
		{"plain, several lines", "H8 right 3+4=7\nsay hi\n", "H8 right 3+4=7\nsay hi"},
		{"inner blank lines kept", "\n\npass\n\n\nsay hi\n\n", "pass\n\n\nsay hi"},
		{"CRLF", "pass\r\nsay hi\r\n\r\n> q\r\n", "pass\nsay hi"},
		{"trailing CR", "pass\r", "pass"},
		{"lone CR inside a line kept", "say a\rb", "say a\rb"},
		{"invalid UTF-8", "say caf\xe9", "say caf\uFFFD"},

		// Quoted lines and attributions.
		{"top-post, Gmail", "pass\n\nOn Mon, 30 Nov 2026 at 11:52, Alice <a@x.org> wrote:\n\n" + quote, "pass"},
		{"top-post, Gmail attribution wrapped in the address", "pass\n\nOn Mon, 30 Nov 2026 at 11:52, Alice <\na@x.org> wrote:\n" + quote, "pass"},
		{"top-post, Gmail attribution wrapped before wrote", "pass\n\nOn Mon, 30 Nov 2026 at 11:52, Alice <a@x.org>\nwrote:\n\n" + quote, "pass"},
		{"attribution wrapped right under the text", "pass\nOn Mon, 30 Nov 2026 at 11:52, Alice <\na@x.org> wrote:\n" + quote, "pass"},
		{"attribution wrapped over three lines", "pass\n\nOn Mon, 30 Nov 2026 at 11:52, Alexandra Catherine\nWilhelmina <alexandra@x.org>\nwrote:\n" + quote, "pass"},
		{"Gmail, US date", "pass\n\nOn Mon, Nov 30, 2026 at 11:52 AM Alice <a@x.org> wrote:\n" + quote, "pass"},
		{"French Gmail", "pass\n\nLe lun. 30 nov. 2026 à 11:52, Alice <a@x.org> a écrit :\n\n" + quote, "pass"},
		{"French Gmail wrapped before écrit", "pass\n\nLe lun. 30 nov. 2026 à 11:52, Alice <a@x.org> a\nécrit :\n\n" + quote, "pass"},
		{"French Gmail wrapped in the address", "pass\n\nLe lun. 30 nov. 2026 à 11:52, Alice <\na@x.org> a écrit :\n" + quote, "pass"},
		{"French without the space before the colon", "pass\nLe 30/11/2026 à 11:52, Alice a écrit:\n" + quote, "pass"},
		{"Apple Mail", "pass\n\nOn 30 Nov 2026, at 11:52, Alice <a@x.org> wrote:\n\n" + quote, "pass"},
		{"iOS, quoted attribution", "pass\n\n> On 30 Nov 2026, at 11:52, Alice <a@x.org> wrote:\n> \n" + quote, "pass"},
		{"Thunderbird", "pass\n\nOn 30/11/2026 11:52, Alice wrote:\n" + quote, "pass"},
		{"German", "pass\n\nAm 30.11.2026 um 11:52 schrieb Alice <a@x.org>:\n" + quote, "pass"},
		{"German Gmail", "pass\n\nAm Mo., 30. Nov. 2026 um 11:52 Uhr schrieb Alice <a@x.org>:\n" + quote, "pass"},
		{"Spanish", "pass\n\nEl lun, 30 nov 2026 a las 11:52, Alice (<a@x.org>) escribió:\n" + quote, "pass"},
		{"a player's line like an attribution, no time", "On move 12 you wrote:\nH8 right 3+4=7", "On move 12 you wrote:\nH8 right 3+4=7"},
		{"dated attribution without a time, before a quote", "pass\nOn 30.11.2026, Alice wrote:\n" + quote, "pass"},
		{"weak attribution before a quote", "pass\n\nAlice wrote:\n" + quote, "pass"},
		{"weak attribution without a quote kept", "say you wrote:\nboard", "say you wrote:\nboard"},
		{"line starting with On kept above an attribution", "On second thought, pass\nAlice wrote:\n" + quote, "On second thought, pass"},
		{"bottom-post", "On 30/11/2026 11:52, Alice wrote:\n" + quote + "\npass\n", "pass"},
		{"interleaved", "On 30/11/2026 11:52, Alice wrote:\n> move 12\n\nnice\n\n> rack\n> 1 2 3\n\n#13 pass\n> end\nsay bye\n",
			"nice\n\n\n#13 pass\nsay bye"},
		{"nested quotes", "pass\n> > old\n>> older\n> new\n >indented\n\t> tabbed\n", "pass"},
		{"only quotes", quote, ""},
		{"Yahoo: attribution then unquoted history", "pass\n\nOn Monday, November 30, 2026, 11:52:00 AM GMT+1, Alice <a@x.org> wrote:\n\n\nAmplitude, game g42\nYour rack: 1 3 4\n", "pass"},
		{"attribution left at the end (HTML quote dropped)", "pass\n\nOn 30 Nov 2026, at 11:52, Alice <a@x.org> wrote:\n", "pass"},

		// Outlook and forwarded blocks.
		{"Outlook Original Message", "exchange 3 8\n\n-----Original Message-----\nFrom: pbem <p@x.org>\nSent: Monday\n\nAmplitude\n> not even quoted\n", "exchange 3 8"},
		{"Outlook Message d'origine", "pass\n\n-----Message d'origine-----\nDe : pbem <p@x.org>\nEnvoyé : lundi\n\nAmplitude\n", "pass"},
		{"Outlook underscore line", "board\n\n________________________________\nFrom: pbem <p@x.org>\nSent: Monday, November 30, 2026 11:52\nTo: Eve\nSubject: s\n\nAmplitude\n", "board"},
		{"Outlook underscore line, French", "board\n________________________________\nDe : pbem <p@x.org>\nEnvoyé : lundi 30 novembre 2026 11:52\n\nAmplitude\n", "board"},
		{"Outlook underscore line, blank before From", "board\n________________________________\n\nFrom: pbem\nSent: Monday\n", "board"},
		{"Outlook bold header block", "board\n\n*From:* pbem <p@x.org>\n*Sent:* Monday\n\nAmplitude\n", "board"},
		{"Outlook header block without separator", "draw\n\nFrom: pbem <p@x.org>\nSent: Monday, November 30, 2026 11:52 AM\nTo: Ivan\n\nAmplitude\n", "draw"},
		{"Outlook French header block", "draw\n\nDe : pbem <p@x.org>\nEnvoyé : lundi 30 novembre 2026 11:52\nÀ : Ivan\nObjet : s\n\nAmplitude\n", "draw"},
		{"underscore line of the player kept", "board\n__________\nsay hi", "board\n__________\nsay hi"},
		{"From: alone kept", "say From: the club\nboard", "say From: the club\nboard"},
		{"Gmail forward", "pass\n\n---------- Forwarded message ---------\nFrom: Alice <a@x.org>\nDate: Mon\n\nold\n", "pass"},
		{"Thunderbird forward, French", "pass\n\n-------- Message transféré --------\nSujet : s\n\nold\n", "pass"},
		{"Thunderbird forward", "pass\n-------- Forwarded Message --------\nSubject: s\n", "pass"},
		{"Apple forward", "pass\n\nBegin forwarded message:\n\nFrom: Alice <a@x.org>\n", "pass"},
		{"dashes of the player kept", "pass\n-----\nsay ok", "pass\n-----\nsay ok"},

		// Signatures and footers.
		{"signature", "history\n\n-- \nKarl Petrov\nChess & Numbers Club\n", "history"},
		{"signature without its space", "history\n--\nKarl\n", "history"},
		{"signature with CRLF", "history\r\n-- \r\nKarl\r\n", "history"},
		{"not a signature", "pass\n--- \nso here is my long explanation of why I think that was a brilliant move\n", "pass\n--- \nso here is my long explanation of why I think that was a brilliant move"},
		{"a short dash block is one", "pass\n---\nAnn Smith\n+1 555 0100\n", "pass"},
		{"signature above the quote, text below", "pass\n-- \nKarl\n\nOn 30/11/2026 11:52, Alice wrote:\n" + quote + "\nsay also this\n", "pass\n\nsay also this"},
		{"signature after an interleaved answer", "> q\nboard\n-- \nKarl\n", "board"},
		{"Sent from my iPhone", "pass\n\nSent from my iPhone\n\n> On 30 Nov 2026, at 11:52, Alice <a@x.org> wrote:\n" + quote, "pass"},
		{"Envoyé de mon iPhone", "pass\n\nEnvoyé de mon iPhone\n\nLe 30 nov. 2026 à 11:52, Alice <a@x.org> a écrit :\n\n" + quote, "pass"},
		{"Get Outlook for iOS", "board\n\nGet Outlook for iOS<https://aka.ms/o0ukef>\n", "board"},
		{"footer above the quote, text below", "Sent from my iPhone\n\n> On 30 Nov 2026, at 11:52, Alice <a@x.org> wrote:\n" + quote + "\npass\n", "pass"},
		{"a say mentioning a phone kept", "say sent from my phone, sorry for typos", "say sent from my phone, sorry for typos"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, ReplyText(c.body))
		})
	}
}

// TestReplyTextCommands checks the contract with Commands: the stripped
// text of a real-looking reply yields exactly the player's commands.
func TestReplyTextCommands(t *testing.T) {
	text := ReplyText("#13 H9 down 2+5=7\r\nsay gg\r\n\r\nOn Mon, 30 Nov 2026 at 11:52, pbem <pbem+g42-x@pbem.example.org>\r\nwrote:\r\n\r\n> H8 right 3+4=7\r\n> help\r\n")
	cmds, err := Commands(text, amplitude.Game{})
	assert.NoError(t, err)
	assert.Len(t, cmds, 2)
	assert.Equal(t, "H9 down 2+5=7", cmds[0].Text)
	assert.Equal(t, 13, cmds[0].Guard)
	assert.Equal(t, Say, cmds[1].Verb)
}

// FuzzReplyText reads whole replies: the seeds are every reply of the
// corpus (testdata/replies) besides the kept inputs of testdata/fuzz. The
// reader never fails, keeps only parts of input lines and no quoted one,
// and never loses a move written on top of anything.
func FuzzReplyText(f *testing.F) {
	for _, s := range []string{
		"pass", "pass\n\nOn Mon, 30 Nov 2026 at 11:52, Alice <\na@x> wrote:\n> q\n", "-- \nsig\n> q\nnew",
		"________________________________\nFrom: x\n", "De : x\nEnvoyé : y\n", "Sent from my iPhone\n> q\nok",
		"\r\n\r\n", "wrote:", "On 1\nOn 2\nwrote:\n>", "\xff\xfe> \xc3",
	} {
		f.Add(s)
	}
	for _, c := range loadReplyCorpus(f) {
		if !c.html {
			f.Add(c.body)
		}
	}
	f.Fuzz(func(t *testing.T, body string) {
		got := ReplyText(body)
		assert.True(t, utf8.ValidString(got))
		const move = "H8 right 34251"
		top := strings.SplitN(ReplyText(move+"\n\n"+body), "\n", 2)[0]
		assert.Equal(t, move, top, "a move written on top is kept")
		words := strings.Fields(body) // a sender named as the body ends, so that it signs
		sender := newSenderWords(strings.Join(words[max(0, len(words)-2):], " "), "")
		top = strings.SplitN(replyText(move+"\n\n"+body, sender), "\n", 2)[0]
		assert.Equal(t, move, top, "a move written on top is kept, the sender known")
		if got == "" {
			return
		}
		in := strings.Split(strings.ToValidUTF8(body, "\uFFFD"), "\n")
		lines := strings.Split(got, "\n")
		for _, l := range lines {
			found := false
			for _, src := range in {
				if strings.Contains(src, l) {
					found = true
					break
				}
			}
			assert.True(t, found, "output line %q is not part of an input line", l)
			assert.False(t, isQuoted(l), "quoted line %q kept", l)
		}
		assert.False(t, isBlank(lines[0]) || isBlank(lines[len(lines)-1]), "blank line at an end of %q", got)
	})
}

// TestReplyTextCommandsInFrench: a French player's reply, French commands
// above the quote under a French attribution, yields exactly those
// commands; the quoted English ones are not read.
func TestReplyTextCommandsInFrench(t *testing.T) {
	body := "#13 H9 down 2+5=7\r\ndire Bien joué !\r\nHistorique\r\nRÈGLES\r\n\r\nBonne soirée,\r\nJulien\r\n\r\n" +
		"Le lun. 1 déc. 2026 à 10:00, pbem <pbem+g42-x@pbem.example.org> a écrit :\r\n\r\n> H8 right 3+4=7\r\n> help\r\n"
	cmds, err := Commands(ReplyText(body), amplitude.Game{})
	require.NoError(t, err)
	require.Len(t, cmds, 4)
	assert.Equal(t, []string{Move, Say, History, Help}, []string{cmds[0].Verb, cmds[1].Verb, cmds[2].Verb, cmds[3].Verb})
	assert.Equal(t, "Bien joué !", cmds[1].Text)
}
