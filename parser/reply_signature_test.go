package parser

import (
	"strings"
	"testing"

	"github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine/amplitude"
)

// TestReplyFooterAboveTheText: a footer above all the player wrote goes
// alone, in any language, and the lines typed under it stay, quoted
// history under them or not; a footer under the player's text still ends
// it when unquoted history follows.
func TestReplyFooterAboveTheText(t *testing.T) {
	const typed = "Back from holidays, I will play tonight.\nSorry for the wait."
	for _, footer := range []string{
		"Sent from my iPhone", "Gesendet mit iPhone", "Von meinem iPhone gesendet", "Envoyé de mon iPhone",
		"أرسلت من الـ iPhone", "נשלח מה-iPhone שלי", "ارسال شده از آیفون", "Στάλθηκε από το iPhone μου",
		"Trimis de pe iPhone\u2011ul meu", "Изпратено от моя iPhone", "Odoslané z môjho iPhonu", "ส่งจาก iPhone ของฉัน",
		"Được gửi từ iPhone của tôi", "Dikirim dari iPhone saya", "मेरे iPhone से भेजा गया", "iPhoneから送信", "发自我的小米手机",
	} {
		assert.Equal(t, typed, ReplyText(footer+"\n\n"+typed), "%q on top", footer)
		assert.Equal(t, typed, ReplyText(footer+"\n\n"+typed+"\n\n"+quotedMail), "%q on top, a quote under the text", footer)
		assert.Equal(t, typed, ReplyText("\n"+footer+"\n"+typed), "%q right above the text", footer)
	}
	assert.Equal(t, "H8 right 34251", ReplyText("Sent from my iPhone\n\nH8 right 34251"))
	history := "Amplitude, game 12, move 7: Ann played H8 right 34251 for 14 points.\n\nYour rack: 1 3 4 5 8 9 0\n"
	assert.Equal(t, "pass", ReplyText("pass\n\nSent from my iPhone\n\n"+history), "history left unquoted under a footer is cut")
}

// TestReplyFooterShapes: the footers of carriers and operators, with a
// comma or at length, in right-to-left scripts, with Unicode punctuation
// and apologies, go; sentences that open like them stay.
func TestReplyFooterShapes(t *testing.T) {
	gone := []string{
		"Sent from my Verizon, Samsung Galaxy smartphone",
		"Sent via the Samsung Galaxy S23, an AT&T 5G smartphone",
		"Sent from my LG G6, an AT&T 4G LTE smartphone",
		"Sent from my BlackBerry® smartphone on Rogers",
		"Sent wirelessly from my BlackBerry device on the Bell network.",
		"Envoyé sans fil par mon terminal mobile BlackBerry sur le réseau de Bell.",
		"Enviado desde mi oficina móvil BlackBerry® de Telcel",
		"Sent from my Sprint Samsung Galaxy S® 5",
		"Sent from my HTC smartphone!",
		"Sent\u00a0from\u00a0my\u00a0iPad",
		"Wysłane z iPhone\u2019a",
		"Trimis de pe iPhone\u2011ul meu",
		"Von meinem Samsung Galaxy Smartphone gesendet \u2013 bitte entschuldigen Sie Tippfehler.",
		"أُرسلت من Yahoo Mail على Android",
		"تم الإرسال من هاتف Samsung Galaxy الذكي الخاص بي.",
		"\u200fנשלח מה-Galaxy שלי",
		"ارسال شده از گوشی هوشمند سامسونگ",
		"Απεστάλη από τη συσκευή μου Samsung Galaxy",
		"Odoslané z môjho zariadenia Galaxy",
		"ส่งจากอุปกรณ์ Galaxy ของฉัน",
		"Đã gửi từ thiết bị Galaxy của tôi",
		"Dikirim dari Yahoo Mail di Android",
		"发自我的华为手机",
		"Galaxy 스마트폰에서 보냄",
		"—— Sent from my Android",
		"- Sent from my iPhone -",
	}
	for _, footer := range gone {
		assert.Equal(t, newText, ReplyText(newText+"\n\n"+footer+"\n\n"+quotedMail), "%q above the quote", footer)
		assert.Equal(t, newText, ReplyText(newText+"\n\n"+footer), "%q at the end", footer)
	}
	kept := []string{
		"Sent from my desk, is much easier to read the board",
		"Inviato da desk, is much easier then my mobile phone.",
		"Sent from my phone, so the formatting may be odd - I'll check the board later.",
		"Sent from my sister's laptop because mine broke yesterday.",
		"أرسلت من هاتفي لأنني خارج المنزل، سأرد بالتفصيل لاحقاً.",
		"נשלח מהעבודה כי הטלפון שלי התקלקל, אז אולי אענה לאט יותר השבוע.",
		"ارسال شده از طرف من نبود، کسی دیگر با حساب من بازی کرده است.",
		"Στάλθηκε από λάθος το προηγούμενο μήνυμα, αγνοήστε το παρακαλώ.",
		"Trimis de pe telefon pentru că laptopul s-a stricat, deci răspund mai greu.",
		"ส่งจากมือถือเพราะคอมพิวเตอร์เสีย อาจจะตอบช้าหน่อยนะ",
		"Được gửi từ điện thoại vì máy tính hỏng, nên mình trả lời chậm hơn.",
		"Dikirim dari HP karena laptop rusak, jadi balasnya agak lambat ya.",
	}
	for _, line := range kept {
		assert.Equal(t, line, ReplyText(line+"\n\n"+quotedMail), "%q is the player's", line)
		assert.Equal(t, "Hi\n"+line, ReplyText("Hi\n"+line), "%q is the player's", line)
	}
	long := "Sent from my Pixel while waiting for the bus to the airport"
	assert.Equal(t, long+"\nH8 right 34251", ReplyText(long+"\nH8 right 34251"), "a long one is a footer only where footers stand")
}

// TestReplyBareClosings: a closing formula alone at the end goes, in every
// script; thanks under the text stay unless a name signs them.
func TestReplyBareClosings(t *testing.T) {
	for _, closing := range []string{
		"Salud", "Cdt", "Mit freundlichen Grüßen", "Cordialement", "Saludos", "Pozdrawiam", "С уважением", "よろしくお願いします",
		"감사합니다.", "Abs", "Yours faithfully,", "مع تحياتي", "تحياتي", "בברכה", "با احترام", "Φιλικά", "Numai bine", "С уважение",
		"Srdačan pozdrav", "Pozdrav", "S pozdravom", "ด้วยความเคารพ", "Thân ái", "Salam", "सादर", "İyi çalışmalar", "敬祝 順心",
		"\u200fمع التحية،",
	} {
		assert.Equal(t, newText, ReplyText(newText+"\n\n"+closing), "%q", closing)
		assert.Equal(t, newText, ReplyText(newText+"\n\n"+closing+"\n\n"+quotedMail), "%q above the quote", closing)
	}
	for body, want := range map[string]string{
		"Ca marche.\n\nMerci !":            "Ca marche.\n\nMerci !",
		"شكراً\nسألعب غداً":                "شكراً\nسألعب غداً", // a short sentence under thanks, in a script without case
		"شكراً،\nخالد":                     "",                  // with the comma of a closing, a name
		"Thanks :-)\nRoman":                "",
		"Ok.\n\nT: +44 20 7946 0123":       "Ok.\n\nT: +44 20 7946 0123",
		"Ευχαριστώ,\nΔημήτρης Αλεξίου":     "",
		"Cheers mate, good game":           "Cheers mate, good game",
		"Regards to everyone at the club!": "Regards to everyone at the club!",
	} {
		got := ReplyText("Hello,\n\nWell played.\n\n" + body)
		assert.Equal(t, strings.TrimSpace("Hello,\n\nWell played.\n\n"+want), got, body)
	}
}

// TestReplyNameBlocks: a name, title, company and phone block without a
// dash line goes when it shows how to reach someone or sets a title after
// a bar; a block that says something, holds a command or opens with a
// name in a script without case stays.
func TestReplyNameBlocks(t *testing.T) {
	const text = "Happy to extend the deadline if everyone agrees."
	gone := []string{
		"Michael O'Brien\nSenior Project Manager | Contoso Ltd.\nT: +44 20 7946 0123 | M: +44 7700 900123\nwww.contoso.example.com",
		"Priya Natarajan\nHead of Engineering, Example Labs\n+1 (415) 555-0134",
		"Jim Smith | Enrollment Manager\nXYZ Corp",
		"Dr. Susan Miller\nDepartment of Mathematics\nsusan.miller@example.edu",
		"Алексей Смирнов\nведущий инженер\n+7 916 123-45-67",
		"Pierre Durand\nDirecteur commercial\n01 23 45 67 89",
		"John Doe\nCEO at Pandaland\n\n@pandaland",
	}
	for _, block := range gone {
		assert.Equal(t, text, ReplyText(text+"\n\n"+block), block)
		assert.Equal(t, text, ReplyText(text+"\n\n"+block+"\n\n"+quotedMail), block)
	}
	kept := []string{
		"Ann Smith\nPlease call me on 555 0100 tomorrow, I am free after six.",
		"Jim Smith\nH8 right 34251\n+1 555 0100",
		"Ann\nPS: my number is +1 555 0100",
		"أحمد الخطيب\nهاتف: +966 50 123 4567",
		"Ann Smith\nEnrollment Manager\nXYZ Corp",
	}
	for _, block := range kept {
		assert.Equal(t, text+"\n\n"+block, ReplyText(text+"\n\n"+block), block)
	}
}

// TestReplyDashNames: "-Bob", "- roman" and "-John Doe" with his address
// under it end the text as signatures; a list of dashes and an answer
// after a dash stay.
func TestReplyDashNames(t *testing.T) {
	for body, want := range map[string]string{
		"Hey!\n-roman":    "Hey!",
		"Hey!\n\n- roman": "Hey!",
		"Blah.\n\n-Lev.\n\nSent from my HTC smartphone!":          "Blah.",
		"Nice.\n\n\u2013 Hannah":                                  "Nice.",
		"Ouch.\n\n -John Doe\n\n doe@example.com":                 "Ouch.",
		"Ok but the list is:\n- Milk\n- Eggs\n- Bread":            "Ok but the list is:\n- Milk\n- Eggs\n- Bread",
		"Do you accept the draw?\n- yes":                          "Do you accept the draw?\n- yes",
		"Wow, that bracket trick.\n\n-Eva\n\nSent from my iPhone": "Wow, that bracket trick.",
		"Good one\n- pass":                                        "Good one\n- pass",
	} {
		assert.Equal(t, want, ReplyText(body), body)
	}
}

// TestReplySenderName: with the sender known (ReadMail reads From), a line
// that is the sender's name at the end is a signature, in any script,
// with a title after it or a closing before it; a sentence that names the
// sender, a name opening a sentence, a move and a body without a sender
// keep theirs.
func TestReplySenderName(t *testing.T) {
	cases := []struct {
		name, address, body, want string
	}{
		{"Eva Lindqvist", "eva@x.org", "That was close!\n\nEva", "That was close!"},
		{"Eva Lindqvist", "eva@x.org", "Bin dabei!\n\nLG, Eva", "Bin dabei!"},
		{"", "greg.hollis@x.org", "Nice move.\n\nGreg", "Nice move."},
		{"山田 太郎", "taro@x.jp", "いい手ですね。\n\n山田", "いい手ですね。"},
		{"山田太郎", "taro@x.jp", "いい手ですね。\n山田", "いい手ですね。"},
		{"김민준", "mj@x.kr", "좋은 수네요.\n\n민준", "좋은 수네요."},
		{"ليلى حداد", "layla@x.sa", "شكراً على اللعبة!\n\nليلى", "شكراً على اللعبة!"},
		{"Jim Smith", "john.smith@x.org", "Really it is.\n\nJim P. Smith | Enrollment Manager\nXYZ Corp", "Really it is."},
		{"Smith, Jim", "john.smith@x.org", "Really it is.\n\nJim Smith | Enrollment Manager\nXYZ Corp", "Really it is."},
		{"Jim Smith", "john.smith@x.org", "Hi,\n\nMy name is Jim Smith and I had a question.", "Hi,\n\nMy name is Jim Smith and I had a question."},
		{"Bob", "bob@x.org", "Blah\n\nBob,\nIf there are more than\n2 lines in the end", "Blah\n\nBob,\nIf there are more than\n2 lines in the end"},
		{"Eva Lindqvist", "eva@x.org", "Eva", "Eva"},
		{"Eva Lindqvist", "eva@x.org", "Eva\n\nH8 right 34251", "Eva\n\nH8 right 34251"},
		{"Eva Lindqvist", "eva@x.org", "H8 right 34251\n\nEva", "H8 right 34251"},
		{"Eva Lindqvist", "eva@x.org", "Good game\nEva is my sister, she plays too", "Good game\nEva is my sister, she plays too"},
	}
	for _, c := range cases {
		sender := newSenderWords(c.name, c.address)
		assert.Equal(t, c.want, replyText(c.body, sender), "%s <%s>: %q", c.name, c.address, c.body)
	}
	assert.Equal(t, "That was close!\n\nEva", ReplyText("That was close!\n\nEva"), "without the sender a name is kept")
	assert.Equal(t, "H8 right 34251\n\nAnn", ReplyText("H8 right 34251\n\nAnn"))

	text := replyText("H8 right 34251\n\n山田\n", newSenderWords("山田 太郎", ""))
	cmds, err := Commands(text, amplitude.Game{})
	require.NoError(t, err)
	require.Len(t, cmds, 1)
	assert.NotNil(t, cmds[0].Move, "the move under which the sender signs is read")
}

// TestSenderOf: the sender's words come from From, its display name in any
// charset or in an old comment, and its address.
func TestSenderOf(t *testing.T) {
	for from, want := range map[string]senderWords{
		"Jim Smith <john.smith@gmail.com>":                       {"jim", "smith", "john", "smith"},
		`"Smith, Jim" <jsmith@x.org>`:                            {"smith", "jim", "jsmith"},
		"doe@example.com (John Doe)":                             {"john", "doe", "doe"},
		"=?iso-8859-7?B?w+n+8ePv8iDQ4fDh5Pzw7/Xr7/I=?= <g@x.gr>": {"γιώργος", "παπαδόπουλος"},
		"=?UTF-8?B?5bGx55SwIOWkqumDjg==?= <taro_yamada2@x.jp>":   {"山田", "太郎", "taro", "yamada"},
		"greg.hollis@x.org":                                      {"greg", "hollis"},
		"Ann <a@x.org>, Bob <b@x.org>":                           nil,
	} {
		var h mail.Header
		h.Set("From", from)
		assert.Equal(t, want, senderOf(&h), from)
	}
}
