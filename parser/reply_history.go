package parser

import (
	"strings"
	"unicode/utf8"
)

// historyStart is the first line of unquoted history, which runs to the
// end of the body, or len(lines): a separator, a rule before a header
// block, a header block, a strong attribution no quote follows, or one the
// history is glued to on the same line. A separator or a header block
// that a quote follows (Outlook's "prefix each line", a forward quoted
// whole, Thunderbird's header form) opens no unquoted history: it is a
// head, returned as the span of its lines, to go with the quote under it,
// and the text under the quote stays.
func historyStart(lines []replyLine) (int, []span) {
	var heads []span
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if l.quoted || l.lower == "" {
			continue
		}
		if isSeparator(l.lower) || isRule(l.lower) && historyFollows(lines, i) || headerBlockAt(lines, i) {
			end := headEnd(lines, i)
			if end == len(lines) || !lines[end].quoted {
				return i, heads
			}
			heads = append(heads, span{i, end})
			i = end - 1
			continue
		}
		if gluedHistory(l.lower) || i > 0 && legalNotice(l.lower) {
			return i, heads
		}
		if start, a := attributionEndingAt(lines, i); a.strong && a.cuts && !quoteFollows(lines, i) {
			return start, heads
		}
	}
	return len(lines), heads
}

// span is the lines from..to-1.
type span struct{ from, to int }

// historyFollows reports whether a rule at line i opens history: a header
// line, a separator or an attribution comes among the next three lines.
func historyFollows(lines []replyLine, i int) bool {
	seen := 0
	for j := i + 1; j < len(lines) && seen < 3; j++ {
		l := lines[j]
		if l.quoted {
			return false
		}
		if l.lower == "" {
			continue
		}
		seen++
		if l.header != notHeader || isSeparator(l.lower) {
			return true
		}
		if _, a := attributionEndingAt(lines, j); a.ok {
			return true
		}
	}
	return false
}

// gluedHistory reports a line that opens with a strong attribution and
// goes on with the history, as Yahoo's mobile apps write it: "On Tue, Dec
// 1, 2026 at 18:22, pbem<games@x.org> wrote:   Amplitude, game 56, …".
func gluedHistory(s string) bool {
	if strings.IndexByte(s, '@') < 0 || strings.IndexByte(s, ':') < 0 || !opensAttribution(s) {
		return false // the glued forms name their sender's address
	}
	for i := 0; i < len(s); i++ {
		for _, v := range verbsByFirstByte[s[i]] {
			end := i + len(v)
			if end > len(s) || s[i:end] != v || !wordBounded(s, i, end, v) {
				continue
			}
			rest := strings.TrimLeft(s[end:], " ")
			colon := 1
			if strings.HasPrefix(rest, "：") {
				colon = len("：")
			} else if !strings.HasPrefix(rest, ":") {
				continue
			}
			cut := len(s) - len(rest) + colon
			if strings.TrimSpace(s[cut:]) == "" {
				continue // an attribution alone, judged as such
			}
			if a := judgeAttribution(s[:cut]); a.strong && a.cuts {
				return true
			}
		}
	}
	return false
}

// legalNotices open the disclaimers that companies' mail servers append
// under what the sender wrote, lower-case: no player writes them, and
// everything under them is theirs or history.
var legalNotices = []string{
	"disclaimer", "confidentiality notice", "confidentiality note", "legal notice", "privileged and confidential",
	"this email and any attachments", "this e-mail and any attachments", "this message and any attachments",
	"this email and any files", "this e-mail and any files", "the information contained in this",
	"this email is confidential", "this e-mail is confidential", "this message is confidential",
	"avis de confidentialité", "ce message et ses pièces jointes", "ce courriel et ses pièces jointes",
	"haftungsausschluss", "vertraulichkeitshinweis", "diese e-mail enthält vertrauliche", "diese nachricht enthält vertrauliche",
	"aviso legal", "aviso de confidencialidad", "este mensaje y sus anexos", "este correo electrónico y sus anexos",
	"avviso di riservatezza", "questo messaggio e i suoi allegati", "le informazioni contenute nella presente",
	"esta mensagem e os seus anexos", "aviso de confidencialidade", "dit e-mailbericht en de bijlagen",
}

// legalNotice reports a line that opens a disclaimer: one of
// legalNotices, alone as a title or at the start of its sentence; or a
// long line that speaks of confidentiality and of the recipient, or of
// whom the mail is meant for, in any of legalWords' languages.
func legalNotice(s string) bool {
	t := strings.TrimLeft(s, "*_[ ")
	for _, n := range legalNotices {
		if strings.HasPrefix(t, n) {
			rest := strings.TrimLeft(t[len(n):], "*_]: ")
			return rest == "" || len(strings.Fields(n)) > 1
		}
	}
	long := utf8.RuneCountInString(s) >= 60 || !spacedScript(firstRune(s)) && utf8.RuneCountInString(s) >= 30
	if !long {
		return false
	}
	secret, recipient, meant := containsAny(s, legalWords.secret), containsAny(s, legalWords.recipient), containsAny(s, legalWords.meant)
	return secret && (recipient || meant) || recipient && meant
}

// legalWords are the stems disclaimers are made of, lower-case, in every
// language: that the mail is confidential, who its recipient is, whom it
// is meant for.
var legalWords = struct{ secret, recipient, meant []string }{
	secret: []string{"confidential", "privileged", "confidentiel", "vertraulich", "confidencial", "riservat",
		"vertrouwelijk", "poufn", "důvěrn", "dôvern", "konfidentiell", "fortrolig", "luottamuksellinen", "gizli",
		"bizalmas", "конфиденциальн", "保密", "机密", "機密", "秘密", "기밀", "비밀"},
	recipient: []string{"recipient", "addressee", "destinataire", "empfänger", "adressat", "destinatario", "destinatário",
		"geadresseerde", "adresat", "adresát", "mottagare", "modtager", "mottaker", "vastaanottaja", "alıcı",
		"címzett", "получател", "адресат", "收件人", "受信者", "수신인", "수신자"},
	meant: []string{"intended", "destiné", "bestimmt", "destinado", "destinato", "bestemd", "przeznaczon", "určen",
		"avsedd", "beregnet", "tarkoitettu", "yönelik", "предназначен", "仅限", "仅供", "対象", "대상"},
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}
