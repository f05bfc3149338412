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
		"best of luck", "speak soon", "have a nice day", "have a great day", "have a good one", "hugs", "xoxo", "xo", "cheerio", "respectfully",
		"yours faithfully", "faithfully", "at your service", "cordially", "warmly", "warm wishes", "kindest regards", "best rgds"},
		[]string{"thanks", "thank you", "many thanks", "thanks again", "thx", "ta", "thanks a lot", "thank you very much",
			"thanks in advance", "thank you in advance", "thanks so much", "tia"},
		"Regards,\nBob Smith\nAcme Ltd\n+44 20 7946 0958"},
	{"fr", []string{"cordialement", "bien cordialement", "bien à vous", "amitiés", "amicalement", "bises", "bisous", "à bientôt",
		"salutations", "sincères salutations", "bonne journée", "bonne soirée", "a+", "@+", "bien amicalement", "très cordialement", "au plaisir",
		"bonne continuation", "bon week-end", "bonne fin de journée", "à plus", "à tout à l'heure", "cdlt", "bien à toi", "amitiés ludiques", "à très vite",
		"cdt", "cdlmt", "bàv", "bav", "respectueusement", "cordialement vôtre", "bonne fin de semaine"},
		[]string{"merci", "merci beaucoup", "encore merci", "merci d'avance", "merci par avance", "merci encore"}, "Cordialement,\nJean Dupont\n06 12 34 56 78"},
	{"de", []string{"mit freundlichen grüßen", "mit freundlichen grüssen", "freundliche grüße", "freundliche grüsse", "viele grüße",
		"viele grüsse", "liebe grüße", "liebe grüsse", "beste grüße", "beste grüsse", "herzliche grüße", "schöne grüße", "grüße", "grüsse",
		"gruß", "gruss", "mfg", "lg", "vg", "bis bald", "tschüss", "servus", "mit besten grüßen", "schönen gruß", "bis dann",
		"schöne grüsse", "herzliche grüsse", "ciao", "bis später", "schönen abend", "schönes wochenende", "herzlichst",
		"mit freundlichem gruß", "mit freundlichem gruss", "lieben gruß", "liebe grüße und bis bald", "beste grüße und bis bald"},
		[]string{"danke", "vielen dank", "danke schön", "danke sehr", "danke im voraus", "vielen dank im voraus", "danke dir", "besten dank"}, "Mit freundlichen Grüßen\nMax Mustermann\nTel. +49 30 1234567"},
	{"es", []string{"saludos", "un saludo", "saludos cordiales", "atentamente", "un abrazo", "abrazos", "cordialmente", "hasta pronto", "besos", "un cordial saludo", "un beso", "hasta luego", "nos vemos", "saludos cordiales", "un fuerte abrazo",
		"salud", "un saludo cordial", "abrazo", "cariños", "atte", "slds", "sldos", "saludos afectuosos"},
		[]string{"gracias", "muchas gracias", "mil gracias", "gracias de antemano", "gracias por adelantado"}, "Saludos,\nLucía García\n+34 612 345 678"},
	{"it", []string{"cordiali saluti", "saluti", "un saluto", "distinti saluti", "a presto", "buona giornata", "un abbraccio", "saluti cordiali", "buona serata", "ciao", "un caro saluto", "a dopo", "buon lavoro", "cordialità", "ti saluto", "vi saluto"},
		[]string{"grazie", "grazie mille", "grazie in anticipo", "grazie ancora"}, "Cordiali saluti,\nMarco Rossi"},
	{"pt", []string{"atenciosamente", "abraços", "abraço", "um abraço", "cumprimentos", "saudações", "att", "beijos", "melhores cumprimentos", "até breve", "um beijo", "até logo", "cordialmente", "saudações cordiais", "até mais",
		"com os melhores cumprimentos", "com os meus cumprimentos", "os meus cumprimentos", "saudações",
		"abs", "bjs", "bj", "grande abraço", "forte abraço", "beijinhos", "atte"},
		[]string{"obrigado", "obrigada", "muito obrigado", "muito obrigada", "obrigado desde já", "obrigada desde já", "desde já obrigado"}, "Atenciosamente,\nJoão Silva\n(11) 91234-5678"},
	{"nl", []string{"met vriendelijke groet", "met vriendelijke groeten", "vriendelijke groet", "mvg", "groeten", "groetjes", "hartelijke groet", "groet", "tot snel", "hartelijke groeten", "groetjes en tot snel", "tot later", "fijne dag", "liefs", "gr"},
		[]string{"bedankt", "dank je", "dank je wel", "dank u wel", "alvast bedankt", "bij voorbaat dank", "dank"}, "Met vriendelijke groet,\nJan de Vries"},
	{"pl", []string{"pozdrawiam", "pozdrawiam serdecznie", "serdecznie pozdrawiam", "z poważaniem", "pozdrowienia", "pozdro", "z pozdrowieniami", "do usłyszenia", "miłego dnia", "trzymaj się", "pzdr", "serdeczności", "z wyrazami szacunku", "łączę pozdrowienia"},
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
	{"tr", []string{"saygılarımla", "iyi çalışmalar", "sevgiler", "selamlar", "görüşmek üzere", "iyi günler", "saygılar", "görüşürüz", "hoşça kal", "kolay gelsin", "iyi akşamlar", "sağlıcakla kalın", "hoşça kalın",
		"sevgi ve saygılarımla", "en iyi dileklerimle"}, []string{"teşekkürler", "teşekkür ederim", "şimdiden teşekkürler"}, "Saygılarımla,\nAhmet Yılmaz"},
	{"ru", []string{"с уважением", "всего хорошего", "всего доброго", "пока", "удачи", "с наилучшими пожеланиями", "до связи", "до встречи", "обнимаю", "всего наилучшего", "хорошего дня"},
		[]string{"спасибо", "большое спасибо", "заранее спасибо"}, "С уважением,\nИван Петров\n+7 912 345-67-89"},
	{"uk", []string{"з повагою", "з найкращими побажаннями", "всього найкращого", "до зв'язку", "бувай"}, []string{"дякую", "щиро дякую"}, "З повагою,\nОлена Коваленко"},
	{"zh", []string{"此致", "敬礼", "祝好", "顺祝商祺", "此致敬礼", "此致敬禮", "敬禮", "順頌商祺", "顺颂商祺", "顺颂时祺", "祝 好", "祝 顺利", "祝顺利",
		"祝工作顺利", "敬祝 順心", "敬祝順心", "敬上"}, []string{"谢谢", "謝謝", "多谢", "感谢", "感謝"}, "谢谢！\n王伟"},
	{"ja", []string{"よろしくお願いします", "よろしくお願いいたします", "宜しくお願いします", "以上", "よろしく", "よろしくお願い致します",
		"宜しくお願い致します", "よろしくお願い申し上げます", "以上です", "敬具", "草々"}, []string{"ありがとうございます", "ありがとう"},
		"よろしくお願いします。\n佐藤"},
	{"ko", []string{"수고하세요", "감사합니다", "좋은 하루 되세요", "안녕히 계세요", "그럼 이만"}, []string{"고맙습니다", "감사해요"}, "감사합니다.\n김민준"},
	{"ar", []string{"مع تحياتي", "تحياتي", "مع خالص التحيات", "مع أطيب التحيات", "مع التحية", "مع التحيات", "مع فائق الاحترام", "مع خالص الشكر",
		"مع الشكر", "دمتم بخير", "والسلام", "وتقبلوا فائق الاحترام", "مع خالص التقدير", "تحياتي لكم"},
		[]string{"شكرا", "شكراً", "شكرا جزيلا", "شكراً جزيلاً", "شكرا لك", "شكراً لك", "وشكرا", "وشكراً"}, "مع خالص التحيات،\nأحمد الخطيب\nهاتف: +966 50 123 4567"},
	{"he", []string{"בברכה", "בברכה רבה", "בברכת", "להתראות", "בהצלחה", "שלך", "כל טוב", "יום טוב", "בתודה", "בתודה מראש", "ביי"},
		[]string{"תודה", "תודה רבה", "תודה מראש"}, "בברכה,\nיוסי כהן\nטל': 03-1234567"},
	{"fa", []string{"با احترام", "با سپاس", "با تشکر", "ارادتمند", "ارادتمند شما", "قربان شما", "موفق باشید", "با آرزوی موفقیت", "با سپاس فراوان"},
		[]string{"ممنون", "ممنونم", "متشکرم", "سپاس", "سپاسگزارم", "مرسی", "با تشکر فراوان"}, "با احترام،\nمحمد رضایی\nتلفن: ۰۲۱-۸۸۷۶۵۴۳۲"},
	{"el", []string{"με εκτίμηση", "φιλικά", "με φιλικούς χαιρετισμούς", "χαιρετισμούς", "χαιρετώ", "τα λέμε", "φιλιά", "καλή συνέχεια", "με τιμή",
		"εγκάρδιους χαιρετισμούς", "με εκτίμηση και φιλικούς χαιρετισμούς"},
		[]string{"ευχαριστώ", "ευχαριστώ πολύ", "σας ευχαριστώ", "ευχαριστώ εκ των προτέρων"}, "Με εκτίμηση,\nΓιώργος Παπαδόπουλος\nΤηλ.: +30 210 1234567"},
	{"ro", []string{"cu stimă", "cu stima", "cu respect", "toate cele bune", "numai bine", "o zi bună", "o zi buna", "salutări", "salutari", "cu drag",
		"cu bine", "pe curând", "o zi frumoasă", "cu prietenie", "cu considerație", "cu consideraţie", "cu stimă și considerație"},
		[]string{"mulțumesc", "mulţumesc", "multumesc", "mersi", "vă mulțumesc", "mulțumesc frumos", "mulțumesc anticipat"}, "Cu stimă,\nMihai Popescu\nTel: +40 21 123 4567"},
	{"bg", []string{"поздрави", "поздрав", "с уважение", "всичко хубаво", "хубав ден", "до скоро", "с най-добри пожелания", "сърдечни поздрави", "поздрави от"},
		[]string{"благодаря", "мерси", "благодаря предварително", "благодаря ви"}, "Поздрави,\nГеорги Иванов\nТел.: +359 2 123 4567"},
	{"sr", []string{"pozdrav", "srdačan pozdrav", "s poštovanjem", "sa poštovanjem", "srdačno", "veliki pozdrav", "поздрав", "срдачан поздрав",
		"с поштовањем", "са поштовањем", "срдачно", "велики поздрав"},
		[]string{"hvala", "хвала", "hvala unapred", "хвала унапред"}, "С поштовањем,\nНенад Јовановић\nТел: +381 11 123 4567"},
	{"hr", []string{"lijep pozdrav", "lp", "puno pozdrava", "srdačni pozdravi", "s poštovanjem", "pozdrav"}, []string{"hvala", "hvala unaprijed", "hvala lijepa"},
		"Lijep pozdrav,\nIvana Horvat\nMob: +385 91 234 5678"},
	{"sl", []string{"lep pozdrav", "lp", "s spoštovanjem", "lepo bodi"}, []string{"hvala", "hvala vnaprej"}, "Lep pozdrav,\nMaja Novak"},
	{"sk", []string{"s pozdravom", "s úctou", "so srdečným pozdravom", "pekný deň", "zdravím", "s priateľským pozdravom", "pozdravujem", "s pozdravom a vďakou"},
		[]string{"ďakujem", "vďaka", "vopred ďakujem"}, "S pozdravom\n\nMartin Kováč\nTel.: +421 2 1234 5678"},
	{"ca", []string{"salutacions", "atentament", "una abraçada", "cordialment", "fins aviat", "petons", "salut"},
		[]string{"gràcies", "moltes gràcies", "gràcies per endavant"}, "Salutacions,\nNúria Puig"},
	{"lt", []string{"pagarbiai", "linkėjimai", "su pagarba", "geros dienos"}, []string{"ačiū", "dėkoju"}, "Pagarbiai,\nJonas Jonaitis"},
	{"lv", []string{"ar cieņu", "sveicieni", "visu labu"}, []string{"paldies", "liels paldies"}, "Ar cieņu,\nJānis Bērziņš"},
	{"et", []string{"lugupidamisega", "parimate soovidega", "tervitades", "tervitustega"}, []string{"aitäh", "tänan"}, "Lugupidamisega\nMari Tamm"},
	{"th", []string{"ด้วยความเคารพ", "ขอแสดงความนับถือ", "ขอบคุณครับ", "ขอบคุณค่ะ", "ขอบคุณมากครับ", "ขอบคุณมากค่ะ", "ด้วยความนับถือ"},
		[]string{"ขอบคุณ", "ขอบคุณมาก"}, "ขอบคุณครับ\nสมชาย ใจดี\nโทร. 02-123-4567"},
	{"vi", []string{"trân trọng", "thân ái", "thân mến", "thân", "kính thư", "chúc vui", "thân chào", "trân trọng cảm ơn", "chúc sức khỏe"},
		[]string{"cảm ơn", "cám ơn", "xin cảm ơn", "cảm ơn nhiều", "xin chân thành cảm ơn"}, "Trân trọng,\nNguyễn Văn An\nĐT: +84 24 1234 5678"},
	{"id", []string{"salam", "salam hormat", "hormat saya", "hormat kami", "salam hangat", "wassalam", "salam sukses"},
		[]string{"terima kasih", "makasih", "trims", "terima kasih banyak"}, "Salam hormat,\nAgus Santoso\nHP: 0812 3456 7890"},
	{"ms", []string{"yang benar", "yang ikhlas", "sekian", "salam"}, []string{"terima kasih"}, "Yang benar,\nAhmad Firdaus\nTel: +60 3 1234 5678"},
	{"hi", []string{"सादर", "भवदीय", "भवदीया", "शुभकामनाओं सहित", "शुभकामनाएँ", "शुभकामनाएं", "आपका", "आपकी"},
		[]string{"धन्यवाद", "शुक्रिया", "बहुत धन्यवाद"}, "धन्यवाद,\nअमित शर्मा\nफ़ोन: +91 98765 43210"},
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
	t := strings.TrimFunc(line, func(r rune) bool { return unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) })
	if r, _ := utf8.DecodeRuneInString(t); spacedScript(r) &&
		!valedictionStarts[strings.ToLower(strings.TrimRightFunc(firstWord(t), func(r rune) bool { return !unicode.IsLetter(r) && r != '+' }))] {
		return false, false, false
	}
	head, rest := t, ""
	if i := strings.IndexAny(t, ",!،，！"); i >= 0 {
		head, rest = t[:i], strings.TrimSpace(strings.TrimFunc(t[i:], func(r rune) bool { return strings.ContainsRune(",!. ،，！。", r) }))
	}
	if closing, thanks = valedictionWords(head); closing || thanks {
		if rest != "" && !writtenName(rest) {
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
		if writtenName(strings.Join(words[n:], " ")) {
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
	key := strings.ToLower(strings.TrimRight(strings.TrimSpace(s), ".!,;:-—~ 。！、،"))
	if closingWords[key] || thanksWords[key] {
		return closingWords[key], thanksWords[key]
	}
	// "Cheers 🎉", "Thanks 🙏🏽": the emoji after the last word do not count.
	if bare := strings.TrimRightFunc(key, emojiOrSpace); bare != key && (closingWords[bare] || thanksWords[bare]) {
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

// emojiOrSpace is a rune that only decorates a line's end: a space, an
// emoji or symbol, the joiners and variation selectors emoji use, and
// the punctuation of a smiley (":-)", ";)", "^^"); not a digit or a
// letter ("T: +44 20 7946 0123" is no Finnish "T").
func emojiOrSpace(r rune) bool {
	return unicode.IsSpace(r) || unicode.Is(unicode.So, r) || unicode.Is(unicode.Sk, r) || unicode.Is(unicode.Mn, r) ||
		unicode.Is(unicode.Cf, r) || r >= 0x1F3FB && r <= 0x1F3FF || strings.ContainsRune(":;-()^_*~=<>.,!", r)
}

// looksLikeName reports one to three words, each opening with a capital
// letter, or a letter of a script without case (Arabic, Hebrew, Thai,
// Devanagari, Han…), or being an initial: "Bob", "Anne-Marie D.", "أحمد".
func looksLikeName(s string) bool {
	words := strings.Fields(s)
	if len(words) == 0 || len(words) > 3 {
		return false
	}
	for _, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsLetter(r) || unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// caseless reports words whose first letters have no case: in Arabic,
// Hebrew, Thai or Devanagari a name does not show, and a short sentence
// looks the same.
func caseless(s string) bool {
	for _, w := range strings.Fields(s) {
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsUpper(r) || unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// writtenName reports a name written on a valediction's line ("Cheers,
// Bob", "Hilsen Ingrid"): in a script with case only, as in the others
// the words after "Thanks," may as well be the player's sentence.
func writtenName(s string) bool {
	if !looksLikeName(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s)
	return !spacedScript(r) || !caseless(s)
}

// dropSignOff removes the sign-offs that end the text, one under the
// other ("Best,\nJohn\n\nJohn Doe\nCEO, Acme\n+1 555 0100"): a "- Bob"
// line (dashNameAt), a signature block without a closing (nameBlockAt),
// and a valediction with the lines under it (dropValediction).
func dropSignOff(lines []replyLine, sender senderWords) []replyLine {
	signed := false // a name or a signature block went from under the text
	for pass := 0; pass < maxSignOffs && len(lines) > 0; pass++ {
		cut := dashNameAt(lines)
		if cut < 0 {
			cut = nameBlockAt(lines, sender)
		}
		if cut >= 0 {
			lines, signed = trimBlank(lines[:cut]), true
			continue
		}
		if rest := dropValediction(lines, signed); len(rest) < len(lines) {
			lines, signed = rest, false
			continue
		}
		break
	}
	return lines
}

// maxSignOffs bounds the sign-offs taken off one under the other.
const maxSignOffs = 4

// dropValediction removes a valediction that ends the text and the short
// lines under it (a name, a title, a phone, an address), and under a rule
// whatever a company's signature adds. A closing formula counts alone,
// thanks only with a name on the line or under it; neither counts when
// exclaimed with nothing under it ("Bonne journée !", "Danke dir,
// Florian!": words said to the reader), nor on the first line, where it
// greets ("Ciao Marco,"). Of several, the highest goes. signed says a
// signature stood under the text and went: a valediction left last was
// above it, and counts however it is written ("祝好！", "Thanks!").
func dropValediction(lines []replyLine, signed bool) []replyLine {
	n := len(lines)
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
		case under == i && (signed || thanks && strings.HasSuffix(l.lower, ",")):
			cut = i // "Thanks," whose name went with a signature block
		case under == i && exclaimed:
		case !closing && !named && (under == i || !nameUnder(l.lower, strings.TrimSpace(lines[under].raw)) && !isRule(lines[under].lower)):
		case signatureBlock(lines[i+1:]):
			cut = i
		}
	}
	if cut < 0 {
		return lines
	}
	return trimBlank(lines[:cut])
}

// nameUnder reports a name on the line under thanks ("Thanks,\nBob"); in
// a script without case, only under thanks written with a comma, the sign
// of a closing, since a short sentence looks the same there.
func nameUnder(thanks, under string) bool {
	if !looksLikeName(under) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(under)
	return !spacedScript(r) || !caseless(under) || strings.HasSuffix(thanks, ",") || strings.HasSuffix(thanks, "،")
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

// dashNameAt returns the index of a "- Bob" line (dashName) that ends the
// text, or has only ways to reach Bob under it ("-John Doe\n\n
// doe@example.com"), or -1. It is neither the first line nor an item of a
// list of dashes ("- Milk\n- Eggs\n- Bread").
func dashNameAt(lines []replyLine) int {
	i := len(lines) - 1
	for i >= 0 && (lines[i].lower == "" || contactLine(lines[i].lower)) {
		i--
	}
	if i < 0 || !dashName(lines[i].raw) || !textAbove(lines, i) {
		return -1
	}
	for j := i - 1; j >= 0; j-- {
		if lines[j].lower != "" {
			if r, _ := utf8.DecodeRuneInString(lines[j].lower); strings.ContainsRune("-–—~•*", r) {
				return -1
			}
			break
		}
	}
	return i
}

// dashName is a line "- Bob", "—Bob", "~ Anne", "-roman": a name, or one
// word of letters that answers no question, after a dash.
func dashName(s string) bool {
	t := strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) })
	rest := strings.TrimLeft(t, "-–—~ ")
	if len(rest) == len(t) || rest == "" || strings.HasPrefix(t, "--") || commandShaped(normalize(rest)) {
		return false
	}
	if looksLikeName(rest) && (!caseless(rest) || len(strings.Fields(rest)) <= 2) {
		return true
	}
	word := strings.TrimRight(rest, ".")
	return utf8.RuneCountInString(word) <= 20 && !strings.ContainsFunc(word, func(r rune) bool { return !unicode.IsLetter(r) }) &&
		ReadAnswer(word) == Unsaid // "- yes" answers a question
}

func nextNonBlank(lines []replyLine, i int) int {
	for j := i + 1; j < len(lines); j++ {
		if lines[j].lower != "" {
			return j
		}
	}
	return i
}
