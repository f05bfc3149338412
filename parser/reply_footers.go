package parser

import (
	"strings"
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
