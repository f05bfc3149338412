package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// footerLanguage holds the one-line footers that phones and mail apps add
// under what the player writes ("Sent from my iPhone"), in one language.
// A footer is a whole line: a prefix, a short middle (the device: at most
// footerWords words, no comma, colon or question mark) and a suffix;
// "Sent from my desk, is much easier" is the player's text. Rows marked
// free take anything after the prefix.
type footerLanguage struct {
	lang     string
	footers  []footer
	examples []string
}

type footer struct {
	prefix, suffix string // lower-case
	free           bool   // anything may follow the prefix
	device         bool   // the middle must name a device ("From my iPhone 6")
}

var footerLanguages = []footerLanguage{
	{"en", []footer{
		{prefix: "sent from "}, {prefix: "sent via "}, {prefix: "sent with "}, {prefix: "sent using "},
		{prefix: "sent by "}, {prefix: "sent on "}, {prefix: "get outlook for "}, {prefix: "download outlook for "},
		{prefix: "get bluemail for "}, {prefix: "get the yahoo mail app"}, {prefix: "get spark"},
		{prefix: "sent from my android device with k-9 mail", free: true}, {prefix: "sent from my iphone", free: true},
		{prefix: "", suffix: " from mobile"}, {prefix: "sent from my samsung", free: true},
		{prefix: "from my ", device: true}, {prefix: "sent from a ", device: true},
	}, []string{"Sent from my iPhone", "Sent from my Samsung Galaxy smartphone.", "Get Outlook for iOS<https://aka.ms/o0ukef>",
		"Sent from Yahoo Mail on Android", "Sent from Mail<https://go.microsoft.com/fwlink/?LinkId=550986> for Windows 10",
		"Sent with Proton Mail secure email.", "Sent from TypeApp", "Sent with Spark", "Get BlueMail for Android",
		"Sent from my Android device with K-9 Mail. Please excuse my brevity."}},
	{"fr", []footer{
		{prefix: "envoyé de mon "}, {prefix: "envoyé depuis "}, {prefix: "envoyé à partir de "}, {prefix: "envoyé avec "},
		{prefix: "envoyé de "}, {prefix: "envoyé par "}, {prefix: "télécharger outlook pour "}, {prefix: "obtenez outlook pour "},
		{prefix: "obtenir outlook pour "},
	}, []string{"Envoyé de mon iPhone", "Envoyé depuis mon appareil Galaxy", "Télécharger Outlook pour iOS<https://aka.ms/o0ukef>"}},
	{"de", []footer{
		{prefix: "von meinem ", suffix: " gesendet"}, {prefix: "gesendet von "}, {prefix: "gesendet mit "},
		{prefix: "gesendet vom "}, {prefix: "outlook für ", suffix: " herunterladen"},
		{prefix: "diese nachricht wurde von meinem ", free: true}, {prefix: "von meinem ", suffix: " gesendet."},
	}, []string{"Von meinem iPhone gesendet", "Gesendet von Outlook für Android", "Gesendet mit der GMX Mail App",
		"Diese Nachricht wurde von meinem Android-Mobiltelefon mit K-9 Mail gesendet."}},
	{"es", []footer{{prefix: "enviado desde "}, {prefix: "enviado con "}, {prefix: "obtener outlook para "}, {prefix: "descargar outlook para "}},
		[]string{"Enviado desde mi iPhone", "Obtener Outlook para Android<https://aka.ms/ghei36>"}},
	{"it", []footer{{prefix: "inviato da "}, {prefix: "inviato dal "}, {prefix: "inviato con "}, {prefix: "scarica outlook per "}, {prefix: "ottieni outlook per "}},
		[]string{"Inviato da iPhone", "Inviato dal mio smartphone Samsung Galaxy."}},
	{"pt", []footer{{prefix: "enviado do "}, {prefix: "enviado de "}, {prefix: "enviado pelo "}, {prefix: "enviado a partir do "}, {prefix: "enviado com "}, {prefix: "baixe o outlook para "}, {prefix: "obter o outlook para "}},
		[]string{"Enviado do meu iPhone", "Enviado do Yahoo Mail para Android"}},
	{"nl", []footer{{prefix: "verzonden vanaf "}, {prefix: "verstuurd vanaf "}, {prefix: "verzonden met "}, {prefix: "verstuurd met "}, {prefix: "outlook voor ", suffix: " downloaden"}},
		[]string{"Verzonden vanaf mijn iPhone", "Verstuurd vanaf mijn iPad"}},
	{"pl", []footer{{prefix: "wysłane z "}, {prefix: "wysłano z "}, {prefix: "wysłane przy użyciu "}, {prefix: "pobierz outlook dla "}},
		[]string{"Wysłane z iPhone'a", "Wysłano z aplikacji Outlook"}},
	{"sv", []footer{{prefix: "skickat från "}, {prefix: "skickades från "}, {prefix: "hämta outlook för "}, {prefix: "från min "}},
		[]string{"Skickat från min iPhone"}},
	{"da", []footer{{prefix: "sendt fra "}, {prefix: "hent outlook til "}}, []string{"Sendt fra min iPhone"}},
	{"no", []footer{{prefix: "sendt fra "}, {prefix: "få outlook for "}}, []string{"Sendt fra min iPhone", "Sendt fra Outlook for Android"}},
	{"fi", []footer{{prefix: "lähetetty "}, {prefix: "hanki outlook "}}, []string{"Lähetetty iPhonesta", "Lähetetty Android-laitteesta"}},
	{"cs", []footer{{prefix: "odesláno z "}, {prefix: "odesláno ze "}}, []string{"Odesláno z iPhonu"}},
	{"hu", []footer{{prefix: "iphone-ról küldve"}, {prefix: "küldve "}, {prefix: "", suffix: "küldve"}}, []string{"iPhone-ról küldve"}},
	{"tr", []footer{{prefix: "", suffix: "gönderildi"}}, []string{"iPhone'umdan gönderildi"}},
	{"ru", []footer{{prefix: "отправлено с "}, {prefix: "отправлено из "}, {prefix: "отправлено со "}},
		[]string{"Отправлено с iPhone", "Отправлено из мобильной Почты Mail.ru", "Отправлено из приложения Яндекс Почта"}},
	{"uk", []footer{{prefix: "надіслано з "}, {prefix: "відправлено з "}}, []string{"Надіслано з iPhone"}},
	{"zh", []footer{{prefix: "发自我的"}, {prefix: "从我的", suffix: "发送"}, {prefix: "從我的", suffix: "傳送"}, {prefix: "发自"}, {prefix: "寄自我的"}},
		[]string{"发自我的iPhone", "從我的 iPhone 傳送"}},
	{"ja", []footer{{prefix: "", suffix: "から送信"}}, []string{"iPhoneから送信", "iPad から送信"}},
	{"ko", []footer{{prefix: "", suffix: "에서 보냄"}, {prefix: "", suffix: "에서 보냄."}}, []string{"나의 iPhone에서 보냄", "Galaxy에서 보냄"}},
}

// footersByFirstByte are the footers by the first byte of their prefix;
// those without a prefix are under 0.
var footersByFirstByte = func() map[byte][]footer {
	m := map[byte][]footer{}
	for _, l := range footerLanguages {
		for _, f := range l.footers {
			var b byte
			if f.prefix != "" {
				b = f.prefix[0]
			}
			m[b] = append(m[b], f)
		}
	}
	return m
}()

// footerWords bounds the middle of a footer: "my Samsung Galaxy smartphone".
const footerWords = 5

// isFooter reports whether s, a lower-cased trimmed line, is a mobile or
// app footer.
func isFooter(s string) bool {
	if len(s) > 240 {
		return false
	}
	if strings.ContainsAny(s, "<[(") {
		s = strings.TrimSpace(dropLinks(s))
	}
	s = strings.TrimSpace(strings.Trim(s, "<>()[]"))
	s = dropExcuse(s)
	if s == "" || len(s) > 120 {
		return false
	}
	if outlookAd(s) {
		return true
	}
	for _, f := range append(footersByFirstByte[s[0]], footersByFirstByte[0]...) {
		if !strings.HasPrefix(s, f.prefix) || !strings.HasSuffix(strings.TrimRight(s, ".!"), strings.TrimRight(f.suffix, ".")) {
			continue
		}
		if f.free {
			return true
		}
		mid := strings.TrimRight(s[len(f.prefix):], ".")
		mid = strings.TrimSuffix(mid, strings.TrimRight(f.suffix, "."))
		if shortMiddle(mid) && (f.prefix != "" || mid != "") && (!f.device || namesDevice(mid)) {
			return true
		}
	}
	return false
}

// outlookAd reports Outlook's line under a mobile reply, in any of its
// translations ("Get Outlook for iOS", "Skaffa Outlook för iOS", "iOS 版
// Outlook を入手"): a short line naming Outlook and a phone system.
func outlookAd(s string) bool {
	return strings.Contains(s, "outlook") && (strings.Contains(s, "ios") || strings.Contains(s, "android")) &&
		len(strings.Fields(s)) <= 8 && !strings.ContainsAny(s, ",;?!")
}

// deviceWords name the phones and tablets footers name.
var deviceWords = setOf(strings.Fields(`iphone ipad ipod android samsung galaxy mobile phone cell cellphone smartphone
	tablet blackberry nokia huawei xiaomi pixel htc sony xperia motorola oneplus oppo device watch handy`))

// namesDevice reports a device word in mid.
func namesDevice(mid string) bool {
	for _, w := range strings.Fields(mid) {
		if deviceWords[strings.Trim(w, ".,'’s")] {
			return true
		}
	}
	return false
}

// dropExcuse drops the apology phones add to their footer: "Sent from my
// cell, please excuse any typos.".
func dropExcuse(s string) string {
	for _, w := range []string{"please excuse", "excuse ", "pardon ", "sorry for", "forgive "} {
		if i := strings.Index(s, w); i > 0 {
			head := strings.TrimSpace(s[:i])
			if strings.HasSuffix(head, ",") || strings.HasSuffix(head, ".") || strings.HasSuffix(head, "-") {
				return strings.TrimRight(head, ",.- ")
			}
		}
	}
	return s
}

// looseFooter reports a line that reads as a footer only where footers
// stand, right above the quote: "Sent a magnificent torch of pixels".
func looseFooter(s string) bool {
	for _, p := range []string{"sent ", "envoyé ", "gesendet ", "enviado ", "inviato ", "verzonden ", "skickat ", "sendt ", "wysłane "} {
		if strings.HasPrefix(s, p) {
			return shortMiddle(strings.TrimRight(s[len(p):], ".")) && len(strings.Fields(s)) <= 7
		}
	}
	return false
}

// shortMiddle reports whether mid is short enough to name a device or an
// app, and reads like a name rather than a sentence.
func shortMiddle(mid string) bool {
	if strings.ContainsAny(mid, ",;:?!") || utf8.RuneCountInString(mid) > 50 {
		return false
	}
	return len(strings.Fields(mid)) <= footerWords
}

// dropLinks removes the links clients glue to footers and names:
// "Outlook<https://aka.ms/o0ukef>", "[https://…]", "<mailto:…>".
func dropLinks(s string) string {
	for _, open := range []string{"<http", "[http", "<mailto:", "(http"} {
		for {
			i := strings.Index(s, open)
			if i < 0 {
				break
			}
			closer := map[byte]byte{'<': '>', '[': ']', '(': ')'}[open[0]]
			j := strings.IndexByte(s[i:], closer)
			if j < 0 {
				s = s[:i]
				break
			}
			s = s[:i] + s[i+j+1:]
		}
	}
	return s
}

// signOffLanguage holds the valedictions that close a mail, in one
// language. A closing formula ("Regards,") ends the player's text with the
// name, title and phone lines under it; a word of thanks does so only with
// a name under it, since "Thanks!" alone is something the player says.
type signOffLanguage struct {
	lang     string
	closings []string // lower-case, without trailing punctuation
	thanks   []string
	example  string
}

var signOffLanguages = []signOffLanguage{
	{"en", []string{"regards", "best regards", "kind regards", "warm regards", "warmest regards", "best wishes", "best", "cheers",
		"sincerely", "yours", "yours truly", "yours sincerely", "all the best", "take care", "talk soon", "greetings", "rgds", "br",
		"kr", "many regards", "with regards", "cheers mate", "later", "ciao", "see you", "all best", "love", "good luck",
		"best of luck", "speak soon", "have a nice day", "have a great day", "have a good one", "hugs", "xoxo", "xo", "cheerio", "respectfully"},
		[]string{"thanks", "thank you", "many thanks", "thanks again", "thx", "ta", "thanks a lot", "thank you very much",
			"thanks in advance", "thank you in advance", "thanks so much", "tia"},
		"Regards,\nBob Smith\nAcme Ltd\n+44 20 7946 0958"},
	{"fr", []string{"cordialement", "bien cordialement", "bien à vous", "amitiés", "amicalement", "bises", "bisous", "à bientôt",
		"salutations", "sincères salutations", "bonne journée", "bonne soirée", "a+", "@+", "bien amicalement", "très cordialement", "au plaisir",
		"bonne continuation", "bon week-end", "bonne fin de journée", "à plus", "à tout à l'heure", "cdlt", "bien à toi", "amitiés ludiques", "à très vite"},
		[]string{"merci", "merci beaucoup", "encore merci", "merci d'avance", "merci par avance", "merci encore"}, "Cordialement,\nJean Dupont\n06 12 34 56 78"},
	{"de", []string{"mit freundlichen grüßen", "mit freundlichen grüssen", "freundliche grüße", "freundliche grüsse", "viele grüße",
		"viele grüsse", "liebe grüße", "liebe grüsse", "beste grüße", "beste grüsse", "herzliche grüße", "schöne grüße", "grüße", "grüsse",
		"gruß", "gruss", "mfg", "lg", "vg", "bis bald", "tschüss", "servus", "mit besten grüßen", "schönen gruß", "bis dann",
		"schöne grüsse", "herzliche grüsse", "ciao", "bis später", "schönen abend", "schönes wochenende"},
		[]string{"danke", "vielen dank", "danke schön", "danke sehr", "danke im voraus", "vielen dank im voraus", "danke dir", "besten dank"}, "Mit freundlichen Grüßen\nMax Mustermann\nTel. +49 30 1234567"},
	{"es", []string{"saludos", "un saludo", "saludos cordiales", "atentamente", "un abrazo", "abrazos", "cordialmente", "hasta pronto", "besos", "un cordial saludo", "un beso", "hasta luego", "nos vemos", "saludos cordiales", "un fuerte abrazo"},
		[]string{"gracias", "muchas gracias", "mil gracias", "gracias de antemano", "gracias por adelantado"}, "Saludos,\nLucía García\n+34 612 345 678"},
	{"it", []string{"cordiali saluti", "saluti", "un saluto", "distinti saluti", "a presto", "buona giornata", "un abbraccio", "saluti cordiali", "buona serata", "ciao", "un caro saluto", "a dopo", "buon lavoro"},
		[]string{"grazie", "grazie mille", "grazie in anticipo", "grazie ancora"}, "Cordiali saluti,\nMarco Rossi"},
	{"pt", []string{"atenciosamente", "abraços", "abraço", "um abraço", "cumprimentos", "saudações", "att", "beijos", "melhores cumprimentos", "até breve", "um beijo", "até logo", "cordialmente", "saudações cordiais", "até mais",
		"com os melhores cumprimentos", "com os meus cumprimentos", "os meus cumprimentos", "saudações"},
		[]string{"obrigado", "obrigada", "muito obrigado", "muito obrigada", "obrigado desde já", "obrigada desde já", "desde já obrigado"}, "Atenciosamente,\nJoão Silva\n(11) 91234-5678"},
	{"nl", []string{"met vriendelijke groet", "met vriendelijke groeten", "vriendelijke groet", "mvg", "groeten", "groetjes", "hartelijke groet", "groet", "tot snel", "hartelijke groeten", "groetjes en tot snel", "tot later", "fijne dag", "liefs", "gr"},
		[]string{"bedankt", "dank je", "dank je wel", "dank u wel", "alvast bedankt", "bij voorbaat dank", "dank"}, "Met vriendelijke groet,\nJan de Vries"},
	{"pl", []string{"pozdrawiam", "pozdrawiam serdecznie", "serdecznie pozdrawiam", "z poważaniem", "pozdrowienia", "pozdro", "z pozdrowieniami", "do usłyszenia", "miłego dnia", "trzymaj się"},
		[]string{"dzięki", "dziękuję", "dziekuje", "z góry dziękuję", "z góry dzięki"}, "Pozdrawiam,\nJan Kowalski\ntel. 601 234 567"},
	{"sv", []string{"med vänliga hälsningar", "vänliga hälsningar", "mvh", "hälsningar", "hälsning", "vänligen", "ha det bra", "kram", "kramar", "hej så länge", "vi hörs", "bästa hälsningar"},
		[]string{"tack", "tack så mycket", "tack på förhand"}, "Med vänliga hälsningar\nErik Svensson"},
	{"da", []string{"med venlig hilsen", "venlig hilsen", "mvh", "hilsen", "de bedste hilsner", "bedste hilsner", "kærlig hilsen", "vh", "knus", "kh", "god dag", "vi ses", "god weekend"},
		[]string{"tak", "mange tak", "på forhånd tak", "på forhånd tusind tak"}, "Med venlig hilsen\nMette Hansen"},
	{"no", []string{"med vennlig hilsen", "vennlig hilsen", "mvh", "hilsen", "beste hilsen", "hilsen fra", "klem", "ha det", "snakkes", "ha en fin dag"},
		[]string{"takk", "tusen takk", "på forhånd takk"}, "Vennlig hilsen\nOla Nordmann"},
	{"fi", []string{"ystävällisin terveisin", "terveisin", "parhain terveisin", "t", "terv", "hyvää päivänjatkoa", "moi", "nähdään"}, []string{"kiitos", "kiitos paljon", "kiitos etukäteen"},
		"Ystävällisin terveisin\nMatti Virtanen"},
	{"cs", []string{"s pozdravem", "se srdečným pozdravem", "zdravím", "s přátelským pozdravem", "mějte se"}, []string{"díky", "děkuji", "předem děkuji"}, "S pozdravem\nJan Novák"},
	{"hu", []string{"üdvözlettel", "üdv", "tisztelettel", "üdvözlet", "szép napot"}, []string{"köszönöm", "köszi", "előre is köszönöm"}, "Üdvözlettel,\nKovács Péter"},
	{"tr", []string{"saygılarımla", "iyi çalışmalar", "sevgiler", "selamlar", "görüşmek üzere", "iyi günler", "saygılar", "görüşürüz", "hoşça kal"}, []string{"teşekkürler", "teşekkür ederim", "şimdiden teşekkürler"}, "Saygılarımla,\nAhmet Yılmaz"},
	{"ru", []string{"с уважением", "всего хорошего", "всего доброго", "пока", "удачи", "с наилучшими пожеланиями", "до связи", "до встречи", "обнимаю", "всего наилучшего", "хорошего дня"},
		[]string{"спасибо", "большое спасибо", "заранее спасибо"}, "С уважением,\nИван Петров\n+7 912 345-67-89"},
	{"uk", []string{"з повагою", "з найкращими побажаннями", "всього найкращого", "до зв'язку", "бувай"}, []string{"дякую", "щиро дякую"}, "З повагою,\nОлена Коваленко"},
	{"zh", []string{"此致", "敬礼", "祝好", "顺祝商祺", "此致敬礼"}, []string{"谢谢", "謝謝", "多谢"}, "谢谢！\n王伟"},
	{"ja", []string{"よろしくお願いします", "よろしくお願いいたします", "宜しくお願いします", "以上", "よろしく"}, []string{"ありがとうございます", "ありがとう"},
		"よろしくお願いします。\n佐藤"},
	{"ko", []string{"수고하세요"}, []string{"감사합니다", "고맙습니다"}, "감사합니다.\n김민준"},
}

var (
	closingWords = setOf(flatten(signOffLanguages, func(l signOffLanguage) []string { return l.closings }))
	thanksWords  = setOf(flatten(signOffLanguages, func(l signOffLanguage) []string { return l.thanks }))
	// valedictionStarts are their first words, the cheap test of a line.
	valedictionStarts = func() map[string]bool {
		m := map[string]bool{}
		for _, set := range []map[string]bool{closingWords, thanksWords} {
			for w := range set {
				m[strings.TrimRight(strings.Fields(w)[0], "。！、")] = true
			}
		}
		return m
	}()
)

// Bounds of the block under a valediction: a name, a title, a company, a
// phone, an address.
const (
	maxSignOffLines = 10
	maxSignOffLine  = 70 // runes
)

// valediction reads a line as a sign-off: a closing formula or a word of
// thanks ("Regards,", "Thanks & regards", "Danke und Gruß"), alone or
// followed by a name on the same line ("Cheers, Bob", "Hilsen Ingrid"),
// which named reports.
func valediction(line string) (closing, thanks, named bool) {
	t := strings.TrimSpace(line)
	if r, _ := utf8.DecodeRuneInString(t); spacedScript(r) &&
		!valedictionStarts[strings.ToLower(strings.TrimRightFunc(firstWord(t), func(r rune) bool { return !unicode.IsLetter(r) && r != '+' }))] {
		return false, false, false
	}
	head, rest := t, ""
	if i := strings.IndexAny(t, ",!"); i >= 0 {
		head, rest = t[:i], strings.TrimSpace(strings.Trim(t[i:], ",!. "))
	}
	if closing, thanks = valedictionWords(head); closing || thanks {
		if rest != "" && !looksLikeName(rest) {
			return false, false, false
		}
		return closing, thanks, rest != ""
	}
	if rest != "" {
		return false, false, false
	}
	words := strings.Fields(head)
	for n := len(words) - 1; n >= 1 && n >= len(words)-3; n-- {
		if c, th := valedictionWords(strings.Join(words[:n], " ")); (c || th) && looksLikeName(strings.Join(words[n:], " ")) {
			return c, th, true
		}
	}
	return false, false, false
}

// valedictionWords reads s as a closing formula or thanks, or several
// joined by "and" ("Thanks and regards").
func valedictionWords(s string) (closing, thanks bool) {
	key := strings.ToLower(strings.TrimRight(strings.TrimSpace(s), ".!,;:-—~ 。！、"))
	if closingWords[key] || thanksWords[key] {
		return closingWords[key], thanksWords[key]
	}
	// "Cheers 🎉": what follows the last letter does not count.
	if bare := strings.TrimRightFunc(key, func(r rune) bool { return !unicode.IsLetter(r) }); bare != key && (closingWords[bare] || thanksWords[bare]) {
		return closingWords[bare], thanksWords[bare]
	}
	parts := strings.FieldsFunc(key, func(r rune) bool { return r == '&' || r == '+' || r == '/' || r == '、' || r == '，' })
	if len(parts) == 1 {
		for _, and := range conjunctions {
			if strings.Contains(key, and) {
				parts = strings.Split(key, and)
				break
			}
		}
	}
	if len(parts) < 2 {
		return false, false
	}
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if !closingWords[p] && !thanksWords[p] {
			return false, false
		}
		closing, thanks = closing || closingWords[p], thanks || thanksWords[p]
	}
	return closing, thanks
}

// conjunctions join valedictions: "thanks and regards", "danke und gruß".
var conjunctions = []string{" and ", " und ", " et ", " y ", " e ", " en ", " og ", " och ", " i ", " a ", " ja ", " и ", " ve "}

// looksLikeName reports one to three words, each opening with a capital
// letter or being an initial: "Bob", "Anne-Marie D.".
func looksLikeName(s string) bool {
	words := strings.Fields(s)
	if len(words) == 0 || len(words) > 3 {
		return false
	}
	for _, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(r) && spacedScript(r) {
			return false
		}
	}
	return true
}

// markSignatures marks signatures: from a "-- " line to the next quote;
// from a short dash line ("---", "—") that a few short lines without a
// sentence follow, or a rule that at most a few lines follow, up to the
// end; and footers of phones and apps, which end the text when what
// follows them is not quoted (the history under a phone's footer often
// is not), unless a command follows.
func markSignatures(lines []replyLine, fates []fate) {
	inSig := false
	for i, l := range lines {
		if fates[i] != keep {
			if fates[i] != signature {
				inSig = false
			}
			continue
		}
		if !inSig && (strings.TrimRight(l.raw, " \t") == "--" || dashSignature(lines, fates, i)) {
			inSig = true
		}
		if inSig {
			fates[i] = signature
			continue
		}
		if isFooter(l.lower) || looseFooter(l.lower) && beforeQuoteOrEnd(lines, fates, i) {
			fates[i] = signature
			if unquotedToEnd(lines, fates, i) {
				inSig = true
			}
		}
	}
}

// dashSignature reports a signature opening at line i: a short dash line
// that a few short lines, none a sentence, follow; or a rule that at most
// a few lines follow; in both, up to the end with no command among them.
func dashSignature(lines []replyLine, fates []fate, i int) bool {
	s := lines[i].lower
	short, rule := shortDash(s), isRule(s)
	if !short && !rule {
		return false
	}
	n := 0
	for j := i + 1; j < len(lines); j++ {
		l := lines[j]
		if fates[j] != keep {
			return false // a quote follows: not the end
		}
		if l.lower == "" {
			continue
		}
		n++
		if commandShaped(l.lower) || n > maxSignOffLines || rule && n > 4 {
			return false
		}
		if short && (!signatureLine(l.lower) || endsSentence(l.lower) && len(strings.Fields(l.lower)) >= 4) {
			return false
		}
	}
	return n > 0
}

// beforeQuoteOrEnd reports whether nothing but blank lines stands between
// line i and a quote, an attribution, or the end.
func beforeQuoteOrEnd(lines []replyLine, fates []fate, i int) bool {
	for j := i + 1; j < len(lines); j++ {
		if fates[j] != keep {
			return true
		}
		if lines[j].lower != "" {
			return false
		}
	}
	return true
}

// unquotedToEnd reports whether text follows line i, none of it quoted
// and none a command: the unmarked history under a phone's footer.
func unquotedToEnd(lines []replyLine, fates []fate, i int) bool {
	text := false
	for j := i + 1; j < len(lines); j++ {
		if fates[j] != keep || commandShaped(lines[j].lower) {
			return false
		}
		text = text || lines[j].lower != ""
	}
	return text
}

// shortDash is a line some players put above their name: "---", "—".
func shortDash(s string) bool {
	switch s {
	case "---", "----", "—", "––", "__", "~~", "___", "-- --", "===", "====":
		return true
	}
	return false
}

// dropSignOff removes a sign-off that ends the text: a valediction and the
// short lines under it (a name, a title, a phone, an address), and under a
// rule whatever a company's signature adds; or a "- Bob" line. A closing
// formula counts alone, thanks only with a name on the line or under it;
// neither counts when exclaimed with nothing under it ("Bonne journée !",
// "Danke dir, Florian!": words said to the reader), nor on the first line,
// where it greets ("Ciao Marco,"). Of several, the highest goes.
func dropSignOff(lines []replyLine) []replyLine {
	n := len(lines)
	if n == 0 {
		return lines
	}
	if dashName(lines[n-1].raw) {
		return trimBlank(lines[:n-1])
	}
	top := 0
	for top < n && lines[top].lower == "" {
		top++
	}
	cut, seen := -1, 0
	for i := n - 1; i > top && seen < maxSignOffScan; i-- {
		l := lines[i]
		if l.lower == "" {
			continue
		}
		seen++
		closing, thanks, named := valediction(l.raw)
		if !closing && !thanks {
			continue
		}
		under := nextNonBlank(lines, i)
		exclaimed := strings.HasSuffix(l.lower, "!") || strings.HasSuffix(l.lower, "！")
		switch {
		case under == i && exclaimed:
		case !closing && !named && (under == i || !looksLikeName(strings.TrimSpace(lines[under].raw)) && !isRule(lines[under].lower)):
		case signatureBlock(lines[i+1:]):
			cut = i
		}
	}
	if cut < 0 {
		return lines
	}
	return trimBlank(lines[:cut])
}

// maxSignOffScan bounds how far above the end a valediction is looked for.
const maxSignOffScan = 30

// signatureBlock reports whether lines, under a valediction, are a
// signature: at most maxSignOffLines short lines (signatureLine), then
// maybe a rule, under which anything but a command may follow. Thanks
// count with a rule under them as with a name.
func signatureBlock(lines []replyLine) bool {
	n := 0
	for i, l := range lines {
		switch {
		case l.lower == "":
		case isRule(l.lower) || shortDash(l.lower):
			for _, rest := range lines[i+1:] {
				if commandShaped(rest.lower) {
					return false
				}
			}
			return true
		case !signatureLine(l.lower):
			return false
		default:
			if n++; n > maxSignOffLines {
				return false
			}
		}
	}
	return true
}

// imageLine reports a line that only holds an image or a link, as
// signatures do: "![](https://…/logo.png)", "[cid:image001.png@01D…]",
// "<https://www.example.org>".
func imageLine(s string) bool {
	if strings.ContainsAny(s, " \t") && !strings.HasPrefix(s, "![") && !strings.HasPrefix(s, "[image") && !strings.Contains(s, "](http") {
		return false
	}
	return strings.HasPrefix(s, "![") || strings.HasPrefix(s, "[cid:") || strings.HasPrefix(s, "[image") ||
		strings.HasPrefix(s, "<http") || strings.HasPrefix(s, "[http") || strings.Contains(s, "](http")
}

// postscript reports a "PS" line: something the player adds on purpose.
func postscript(s string) bool {
	w, _, _ := strings.Cut(s, " ")
	w = strings.TrimRight(w, ":.,-")
	return w == "ps" || w == "p.s" || w == "pps" || w == "p.p.s"
}

// signatureLine reports a line that may stand under a valediction: short,
// no command, and no sentence ("Please find the board below.") but for a
// short one ("Bob S.").
func signatureLine(s string) bool {
	if commandShaped(s) || postscript(s) {
		return false
	}
	if imageLine(s) {
		return true
	}
	if utf8.RuneCountInString(s) > maxSignOffLine {
		return false
	}
	return !endsSentence(s) || wordCount(s) <= 3
}

// wordCount counts the words of s that hold a letter or a digit.
func wordCount(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		if strings.IndexFunc(w, isLetterOrDigit) >= 0 {
			n++
		}
	}
	return n
}

// dashName is a last line "- Bob", "—Bob", "~ Anne".
func dashName(s string) bool {
	t := strings.TrimSpace(s)
	rest := strings.TrimLeft(t, "-–—~ ")
	return len(rest) < len(t) && rest != "" && !strings.HasPrefix(t, "--") && looksLikeName(rest)
}

func nextNonBlank(lines []replyLine, i int) int {
	for j := i + 1; j < len(lines); j++ {
		if lines[j].lower != "" {
			return j
		}
	}
	return i
}
