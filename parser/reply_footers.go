package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// footerLanguage holds the one-line footers that phones and mail apps add
// under what the player writes ("Sent from my iPhone"), in one language.
// A footer is a whole line: a prefix, a short middle (the device: at most
// footerWords words, no comma, colon or question mark, or up to
// deviceFooterWords when it names a device, and then further parts after
// a comma that name one too: "Sent from my Verizon, Samsung Galaxy
// smartphone") and a suffix; "Sent from my desk, is much easier" is the
// player's text. Rows marked free take anything after the prefix; rows
// marked device want the middle to name a device or an app, as most of
// them are written in languages whose words for "sent from" open sentences
// too. Lines are compared by footerKey, which forgets the marks and the
// dashes and quotes that vary between clients ("iPhone‑ul", "iPhone’a").
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
		{prefix: "sent wirelessly from ", device: true}, {prefix: "sent wirelessly via ", device: true}, {prefix: "sent wirelessly by ", device: true},
	}, []string{"Sent from my iPhone", "Sent from my Samsung Galaxy smartphone.", "Get Outlook for iOS<https://aka.ms/o0ukef>",
		"Sent from Yahoo Mail on Android", "Sent from Mail<https://go.microsoft.com/fwlink/?LinkId=550986> for Windows 10",
		"Sent with Proton Mail secure email.", "Sent from TypeApp", "Sent with Spark", "Get BlueMail for Android",
		"Sent from my Android device with K-9 Mail. Please excuse my brevity.",
		"Sent from my Verizon, Samsung Galaxy smartphone", "Sent via the Samsung Galaxy S23, an AT&T 5G smartphone",
		"Sent from my BlackBerry® smartphone on Rogers", "Sent wirelessly from my BlackBerry device on the Bell network.",
		"Sent from my Sprint Samsung Galaxy S® 5", "Sent from my HTC smartphone!", "Sent\u00a0from\u00a0my\u00a0iPad"}},
	{"fr", []footer{
		{prefix: "envoyé de mon "}, {prefix: "envoyé depuis "}, {prefix: "envoyé à partir de "}, {prefix: "envoyé avec "},
		{prefix: "envoyé de "}, {prefix: "envoyé par "}, {prefix: "télécharger outlook pour "}, {prefix: "obtenez outlook pour "},
		{prefix: "obtenir outlook pour "}, {prefix: "envoyé sans fil par ", device: true},
	}, []string{"Envoyé de mon iPhone", "Envoyé depuis mon appareil Galaxy", "Télécharger Outlook pour iOS<https://aka.ms/o0ukef>",
		"Envoyé sans fil par mon terminal mobile BlackBerry sur le réseau de Bell."}},
	{"de", []footer{
		{prefix: "von meinem ", suffix: " gesendet"}, {prefix: "gesendet von "}, {prefix: "gesendet mit "},
		{prefix: "gesendet vom "}, {prefix: "outlook für ", suffix: " herunterladen"},
		{prefix: "diese nachricht wurde von meinem ", free: true}, {prefix: "von meinem ", suffix: " gesendet."},
	}, []string{"Von meinem iPhone gesendet", "Gesendet von Outlook für Android", "Gesendet mit der GMX Mail App",
		"Diese Nachricht wurde von meinem Android-Mobiltelefon mit K-9 Mail gesendet."}},
	{"es", []footer{{prefix: "enviado desde "}, {prefix: "enviado con "}, {prefix: "obtener outlook para "}, {prefix: "descargar outlook para "},
		{prefix: "enviado a través de ", device: true}, {prefix: "enviado vía ", device: true}, {prefix: "enviado por ", device: true}},
		[]string{"Enviado desde mi iPhone", "Obtener Outlook para Android<https://aka.ms/ghei36>", "Enviado desde mi oficina móvil BlackBerry® de Telcel",
			"Enviado desde mi smartphone Huawei de Movistar"}},
	{"it", []footer{{prefix: "inviato da "}, {prefix: "inviato dal "}, {prefix: "inviato con "}, {prefix: "scarica outlook per "}, {prefix: "ottieni outlook per "},
		{prefix: "inviato tramite ", device: true}},
		[]string{"Inviato da iPhone", "Inviato dal mio smartphone Samsung Galaxy.", "Inviato da Verizon Wireless BlackBerry"}},
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
	{"cs", []footer{{prefix: "odesláno z "}, {prefix: "odesláno ze "}, {prefix: "odesláno pomocí ", device: true}}, []string{"Odesláno z iPhonu"}},
	{"hu", []footer{{prefix: "iphone-ról küldve"}, {prefix: "küldve "}, {prefix: "", suffix: "küldve"}}, []string{"iPhone-ról küldve"}},
	{"tr", []footer{{prefix: "", suffix: "gönderildi"}}, []string{"iPhone'umdan gönderildi"}},
	{"ru", []footer{{prefix: "отправлено с "}, {prefix: "отправлено из "}, {prefix: "отправлено со "}},
		[]string{"Отправлено с iPhone", "Отправлено из мобильной Почты Mail.ru", "Отправлено из приложения Яндекс Почта"}},
	{"uk", []footer{{prefix: "надіслано з "}, {prefix: "відправлено з "}}, []string{"Надіслано з iPhone"}},
	{"zh", []footer{{prefix: "发自我的"}, {prefix: "从我的", suffix: "发送"}, {prefix: "從我的", suffix: "傳送"}, {prefix: "发自"}, {prefix: "寄自我的"},
		{prefix: "發自我的"}, {prefix: "來自我的", device: true}, {prefix: "来自我的", device: true}},
		[]string{"发自我的iPhone", "從我的 iPhone 傳送", "发自我的华为手机", "发自我的小米手机", "來自我的 Samsung Galaxy"}},
	{"ja", []footer{{prefix: "", suffix: "から送信"}}, []string{"iPhoneから送信", "iPad から送信"}},
	{"ko", []footer{{prefix: "", suffix: "에서 보냄"}, {prefix: "", suffix: "에서 보냄."}}, []string{"나의 iPhone에서 보냄", "Galaxy에서 보냄"}},
	{"ar", devices("أرسلت من ", "ارسلت من ", "أرسل من ", "مرسل من ", "مرسلة من ", "تم الإرسال من ", "تم الارسال من ", "أرسلت باستخدام ", "أرسلت عبر "),
		[]string{"أرسلت من الـ iPhone", "أُرسلت من Yahoo Mail على Android", "تم الإرسال من هاتف Samsung Galaxy الذكي الخاص بي."}},
	{"he", devices("נשלח מ", "נשלח באמצעות ", "נשלחה מ", "נשלח דרך "),
		[]string{"נשלח מה-iPhone שלי", "נשלח מסמארטפון Samsung Galaxy שלי."}},
	{"fa", devices("ارسال شده از ", "فرستاده شده از ", "فرستادهشده از ", "ارسال‌شده از ", "ارسالشده از "),
		[]string{"ارسال شده از آیفون", "ارسال شده از Yahoo Mail در Android", "فرستاده‌شده از iPhone من"}},
	{"el", devices("στάλθηκε από ", "εστάλη από ", "απεστάλη από ", "στάλθηκε μέσω ", "αποστολή από "),
		[]string{"Στάλθηκε από το iPhone μου", "Απεστάλη από τη συσκευή μου Samsung Galaxy"}},
	{"ro", devices("trimis de pe ", "trimis din ", "trimis cu ", "trimis prin ", "trimis de la ", "expediat de pe "),
		[]string{"Trimis de pe iPhone\u2011ul meu", "Trimis din Yahoo Mail pe Android", "Trimis de pe dispozitivul meu Galaxy"}},
	{"bg", devices("изпратено от ", "изпратено чрез ", "изпратено с "), []string{"Изпратено от моя iPhone", "Изпратено от моето устройство Galaxy"}},
	{"sr", devices("poslato sa ", "poslato s ", "poslato iz ", "послато са ", "послато с ", "послато из "),
		[]string{"Poslato sa mog iPhone-a", "Послато са мог iPhone уређаја"}},
	{"hr", devices("poslano s ", "poslano sa ", "poslano iz ", "poslano z ", "послано са "), []string{"Poslano s mog iPhonea", "Poslano iz mojega iPhona"}},
	{"sk", devices("odoslané z ", "odoslané zo ", "odoslané cez ", "odoslané pomocou ", "odoslané prostredníctvom "),
		[]string{"Odoslané z môjho iPhonu", "Odoslané z môjho zariadenia Galaxy"}},
	{"ca", devices("enviat des del ", "enviat des de ", "enviat amb ", "enviat per "), []string{"Enviat des del meu iPhone"}},
	{"lt", devices("išsiųsta iš ", "siųsta iš "), []string{"Išsiųsta iš mano iPhone"}},
	{"lv", devices("nosūtīts no ", "sūtīts no "), []string{"Nosūtīts no mana iPhone"}},
	{"et", devices("saadetud minu ", "saadetud seadmest "), []string{"Saadetud minu iPhone'ist"}},
	{"th", devices("ส่งจาก", "ส่งโดย", "ส่งผ่าน"), []string{"ส่งจาก iPhone ของฉัน", "ส่งจากอุปกรณ์ Galaxy ของฉัน"}},
	{"vi", devices("được gửi từ ", "đã gửi từ ", "gửi từ ", "đã gửi bằng ", "gửi bằng "),
		[]string{"Được gửi từ iPhone của tôi", "Đã gửi từ thiết bị Galaxy của tôi"}},
	{"id", devices("dikirim dari ", "dikirim dengan ", "dikirim melalui ", "dikirim via ", "terkirim dari "),
		[]string{"Dikirim dari iPhone saya", "Dikirim dari Yahoo Mail di Android"}},
	{"ms", devices("dihantar dari ", "dihantar daripada ", "dihantar melalui "), []string{"Dihantar dari iPhone saya"}},
	{"hi", []footer{{suffix: " से भेजा गया", device: true}, {suffix: " से भेजा", device: true}}, []string{"मेरे iPhone से भेजा गया", "मेरे Galaxy से भेजा गया"}},
}

// devices is a language's footer rows that each want a device or an app
// named after their prefix.
func devices(prefixes ...string) []footer {
	out := make([]footer, len(prefixes))
	for i, p := range prefixes {
		out[i] = footer{prefix: p, device: true}
	}
	return out
}

// footersByFirstByte are the footers by the first byte of their prefix
// (through footerKey); those without a prefix are under 0.
var footersByFirstByte = func() map[byte][]footer {
	m := map[byte][]footer{}
	for _, l := range footerLanguages {
		for _, f := range l.footers {
			f.prefix, f.suffix = footerKey(f.prefix), strings.TrimRight(footerKey(f.suffix), ".")
			var b byte
			if f.prefix != "" {
				b = f.prefix[0]
			}
			m[b] = append(m[b], f)
		}
	}
	return m
}()

// Bounds of a footer's middle: "my Samsung Galaxy smartphone"; "my
// BlackBerry device on the Bell network" when it names a device.
const (
	footerWords       = 5
	deviceFooterWords = 10
)

// footerFit says how surely a line is a footer.
type footerFit uint8

const (
	notFooter footerFit = iota
	footerLine
	// longFooter is a line that names a device at length ("Sent wirelessly
	// from my BlackBerry device on the Bell network"): a footer only where
	// footers stand, as a sentence of the player's may read the same.
	longFooter
)

// isFooter reports whether s, a lower-cased trimmed line, is a mobile or
// app footer wherever it stands.
func isFooter(s string) bool { return footerFitOf(s) == footerLine }

// footerFitOf reads s, a lower-cased trimmed line, as a mobile or app
// footer.
func footerFitOf(s string) footerFit {
	if len(s) > 240 {
		return notFooter
	}
	if strings.ContainsAny(s, "<[(") {
		s = strings.TrimSpace(dropLinks(s))
	}
	s = strings.Trim(footerKey(strings.TrimSpace(strings.Trim(s, "<>()[]"))), "-~_*= ") // "—— Sent from my Android"
	if s == "" || len(s) > 240 {
		return notFooter
	}
	fit := footerFitAs(s)
	if fit == notFooter && opensLikeFooter(s) {
		if bare := dropExcuse(s); bare != s && bare != "" {
			fit = footerFitAs(bare) // "Sent from my cell, please excuse any typos."
		}
	}
	return fit
}

// footerFitAs reads s, through footerKey, as one of the footers.
func footerFitAs(s string) footerFit {
	if len(s) > 160 {
		return notFooter
	}
	if outlookAd(s) {
		return footerLine
	}
	best, body := notFooter, strings.TrimRightFunc(s, func(r rune) bool { return r == '.' || r == '!' || r == ' ' || r == '。' || r == '！' })
	for _, fs := range [2][]footer{footersByFirstByte[s[0]], footersByFirstByte[0]} {
		for _, f := range fs {
			switch footerMatches(body, f) {
			case footerLine:
				return footerLine
			case longFooter:
				best = longFooter
			}
		}
	}
	return best
}

// opensLikeFooter reports s opening with the prefix of a footer.
func opensLikeFooter(s string) bool {
	for _, f := range footersByFirstByte[s[0]] {
		if strings.HasPrefix(s, f.prefix) {
			return true
		}
	}
	return false
}

// footerMatches reads body, a line through footerKey without its final
// stops, as the footer f.
func footerMatches(body string, f footer) footerFit {
	suffix := f.suffix
	if !strings.HasPrefix(body, f.prefix) || !strings.HasSuffix(body, suffix) || len(body) < len(f.prefix)+len(suffix) {
		return notFooter
	}
	if f.free {
		return footerLine
	}
	mid := strings.TrimSpace(body[len(f.prefix) : len(body)-len(suffix)])
	if mid == "" {
		if f.prefix != "" && !f.device {
			return footerLine
		}
		return notFooter
	}
	return deviceMiddle(mid, f.device)
}

// deviceMiddle reads mid, what a footer says between its prefix and its
// suffix, as naming a device or an app rather than saying something:
// short, or longer when it names a device (longFooter); further parts
// after a comma each name one ("my Verizon, Samsung Galaxy smartphone";
// "the Samsung Galaxy S23, an AT&T 5G smartphone"). With device set it
// must name one.
func deviceMiddle(mid string, device bool) footerFit {
	first, rest, _ := cutComma(mid)
	named := namesDevice(first)
	fit := footerLine
	switch {
	case device && !named && rest == "":
		return notFooter
	case !shortMiddle(first, false) && named && shortMiddle(first, true):
		fit = longFooter
	case !shortMiddle(first, false):
		return notFooter
	}
	for rest != "" {
		var part string
		part, rest, _ = cutComma(rest)
		if !namesDevice(part) || !shortMiddle(part, false) {
			return notFooter
		}
		named = true
	}
	if device && !named {
		return notFooter
	}
	return fit
}

// cutComma cuts s at its first comma, in any script.
func cutComma(s string) (before, after string, found bool) {
	for i, r := range s {
		if r == ',' || r == '،' || r == '，' || r == '、' {
			return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+utf8.RuneLen(r):]), true
		}
	}
	return s, "", false
}

// outlookAd reports Outlook's line under a mobile reply, in any of its
// translations ("Get Outlook for iOS", "Skaffa Outlook för iOS", "iOS 版
// Outlook を入手"): a short line naming Outlook and a phone system.
func outlookAd(s string) bool {
	return strings.Contains(s, "outlook") && (strings.Contains(s, "ios") || strings.Contains(s, "android")) &&
		len(strings.Fields(s)) <= 8 && !strings.ContainsAny(s, ",;?!")
}

// deviceWords name the phones, tablets and mail apps footers name, in the
// Latin script and in the others phones write them in; a word opening
// with one counts ("iPhonea", "iPhonesta", "айфона"). unspacedDeviceWords,
// in scripts without spaces, count anywhere in the line.
var (
	deviceWords = setOf(keyed(strings.Fields(`iphone ipad ipod android samsung galaxy mobile phone cell cellphone smartphone
	tablet blackberry nokia huawei xiaomi pixel htc sony xperia motorola oneplus oppo vivo realme honor lg zte alcatel
	device watch handy outlook yahoo gmail aol airmail typeapp bluemail aquamail spark mailbox k-9 verizon
	آیفون ایفون آيفون أيفون ايفون سامسونج سامسونگ جالكسي گلکسی اندروید أندرويد
	אייפון גלקסי סמסונג אנדרואיד айфон самсунг андроид галакси 아이폰 갤럭시 삼성 ไอโฟน ซัมซุง आईफ़ोन आईफोन सैमसंग`)))
	unspacedDeviceWords = keyed([]string{"华为", "華為", "小米", "三星", "苹果", "蘋果", "手机", "手機", "携帯", "スマホ", "アイフォン"})
)

func keyed(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = footerKey(normalize(w))
	}
	return out
}

// namesDevice reports a device or app word in mid.
func namesDevice(mid string) bool {
	for _, w := range strings.FieldsFunc(mid, func(r rune) bool { return !isLetterOrDigit(r) && r != '-' }) {
		w = strings.Trim(w, "-")
		if deviceWords[w] {
			return true
		}
		for _, part := range strings.Split(w, "-") {
			if deviceWords[part] || len(part) > 5 && deviceWordOpens(part) {
				return true
			}
		}
	}
	for _, w := range unspacedDeviceWords {
		if strings.Contains(mid, w) {
			return true
		}
	}
	return false
}

// deviceWordOpens reports a word opening with the stem of a device word
// of six bytes or more (the word but its last letter): an inflected brand
// ("iphonesta", "iphonu", "айфона", "mobilgerät").
func deviceWordOpens(w string) bool {
	for _, stem := range deviceStems {
		if strings.HasPrefix(w, stem) {
			return true
		}
	}
	return false
}

var deviceStems = func() []string {
	var out []string
	for d := range deviceWords {
		if len(d) >= 6 {
			_, n := utf8.DecodeLastRuneInString(d)
			out = append(out, d[:len(d)-n])
		}
	}
	return out
}()

// footerKey is s as footers are compared: the combining marks (vowel
// signs of Arabic and Hebrew, Thai tone marks) and ®, ™ dropped; hyphens
// and dashes of every kind made '-', typographic apostrophes an ASCII one, the
// fullwidth colon ':'. Clients differ on exactly these: Apple's Romanian
// "iPhone‑ul" has a no-break hyphen, its Polish "iPhone’a" a curly quote.
func footerKey(s string) string {
	if !strings.ContainsFunc(s, keyedRune) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '‐' || r == '‑' || r == '‒' || r == '–' || r == '—' || r == '―' || r == '−':
			b.WriteByte('-')
		case r == '’' || r == '‘' || r == 'ʼ' || r == '′':
			b.WriteByte('\'')
		case r == '：':
			b.WriteByte(':')
		case r == '®' || r == '™' || unicode.Is(unicode.Mn, r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// keyedRune is a rune footerKey changes.
func keyedRune(r rune) bool {
	return r >= 0x80 && (r >= 0x2010 && r <= 0x2015 || r == '−' || r == '’' || r == '‘' || r == 'ʼ' || r == '′' || r == '：' ||
		r == '®' || r == '™' || unicode.Is(unicode.Mn, r))
}

// excuses open the apology phones add to their footer, in several
// languages: "Sent from my cell, please excuse any typos.", "Von meinem
// Smartphone gesendet – bitte entschuldigen Sie Tippfehler."
var excuses = []string{"please excuse", "excuse ", "pardon ", "sorry for", "forgive ", "bitte entschuldig", "entschuldig",
	"excusez", "désolé", "disculpa", "disculpe", "perdona", "perdone", "scusa", "scusate", "desculpe", "desculpa",
	"sorry voor", "excuseer", "przepraszam", "omluvte", "извините", "простите", "прошу прощения", "vabandust", "anteeksi"}

// dropExcuse drops the apology phones add to their footer.
func dropExcuse(s string) string {
	for _, w := range excuses {
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
			return shortMiddle(strings.TrimRight(s[len(p):], "."), false) && len(strings.Fields(s)) <= 7
		}
	}
	return false
}

// shortMiddle reports whether mid is short enough to name a device or an
// app, and reads like a name rather than a sentence; named, it may be
// longer ("my BlackBerry device on the Bell network").
func shortMiddle(mid string, named bool) bool {
	if strings.ContainsAny(mid, ",;:?!،؛؟，：；？！") {
		return false
	}
	words, runes := footerWords, 50
	if named {
		words, runes = deviceFooterWords, 80
	}
	return utf8.RuneCountInString(mid) <= runes && len(strings.Fields(mid)) <= words
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
