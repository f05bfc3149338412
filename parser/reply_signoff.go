package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

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
	{"sv", []string{"med vänliga hälsningar", "vänliga hälsningar", "mvh", "hälsningar", "hälsning", "vänligen", "ha det bra", "ha det gott", "kram", "kramar", "hej så länge", "vi hörs", "bästa hälsningar"},
		[]string{"tack", "tack så mycket", "tack på förhand"}, "Med vänliga hälsningar\nErik Svensson"},
	{"da", []string{"med venlig hilsen", "venlig hilsen", "mvh", "hilsen", "de bedste hilsner", "bedste hilsner", "kærlig hilsen", "vh", "knus", "kh", "god dag", "vi ses", "god weekend"},
		[]string{"tak", "mange tak", "på forhånd tak", "på forhånd tusind tak"}, "Med venlig hilsen\nMette Hansen"},
	{"no", []string{"med vennlig hilsen", "vennlig hilsen", "mvh", "hilsen", "beste hilsen", "hilsen fra", "klem", "ha det", "snakkes", "ha en fin dag"},
		[]string{"takk", "tusen takk", "på forhånd takk"}, "Vennlig hilsen\nOla Nordmann"},
	{"fi", []string{"ystävällisin terveisin", "terveisin", "parhain terveisin", "t", "terv", "hyvää päivänjatkoa", "moi", "nähdään"}, []string{"kiitos", "kiitos paljon", "kiitos etukäteen"},
		"Ystävällisin terveisin\nMatti Virtanen"},
	{"cs", []string{"s pozdravem", "se srdečným pozdravem", "zdravím", "zdraví", "s přátelským pozdravem", "mějte se"}, []string{"díky", "děkuji", "předem děkuji"}, "S pozdravem\nJan Novák"},
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
	maxSignOffLine  = 120 // runes: a company register line is long
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
		c, th := valedictionWords(strings.Join(words[:n], " "))
		if !c && !th {
			continue
		}
		if looksLikeName(strings.Join(words[n:], " ")) {
			return c, th, true // "Hilsen Ingrid"
		}
		if c && fromWords[strings.ToLower(words[n])] {
			return c, th, false // "Viele Grüße aus Köln"
		}
	}
	if len(words) >= 2 && len(words) <= 3 && nameSuffixes[words[len(words)-1]] {
		return true, false, true // "준호 드림"
	}
	return false, false, false
}

// fromWords say where a greeting comes from: "Viele Grüße aus Köln",
// "Greetings from Lyon".
var fromWords = setOf([]string{"from", "aus", "de", "desde", "da", "dal", "dalla", "z", "ze", "från", "fra", "uit", "из", "з", "с", "van"})

// nameSuffixes close a mail after the sender's name: "준호 드림".
var nameSuffixes = setOf([]string{"드림", "올림", "拝", "より"})

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
		case under == i && thanks && strings.HasSuffix(l.lower, ","):
			cut = i // "Thanks," whose name went with a signature block
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
