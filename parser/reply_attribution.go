package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// attributionLanguage is how the mail clients of one language introduce a
// quote: "On Mon, 30 Nov 2026 at 11:52, Alice <a@x.org> wrote:". The
// recogniser needs no date grammar per client: it looks for a date or a
// time, a verb of this table or an address before the final colon, and
// knows the words an attribution may open with. Adding a language is
// adding a row; every example is checked by TestAttributionExamples.
type attributionLanguage struct {
	lang string
	// starts are the words a dated attribution opens with, lower-case.
	starts []string
	// verbs say "wrote", lower-case; in scripts without spaces between
	// words they are matched anywhere, else as whole words.
	verbs []string
	// examples are attributions as the language's clients write them.
	examples []string
}

var attributionLanguages = []attributionLanguage{
	{"en", []string{"on"}, []string{"wrote", "writes", "said", "quoting"}, []string{
		"On Mon, Nov 30, 2026 at 11:52 AM Alice Martin <alice@example.org> wrote:",
		"On 30 Nov 2026, at 11:52, Alice Martin <alice@example.org> wrote:",
		"On Mon, 30 Nov 2026, 11:52 Alice Martin, <alice@example.org> wrote:",
		"On Monday, November 30, 2026, 11:52:00 AM GMT+1, Alice Martin <alice@example.org> wrote:",
		"On Monday, November 30th, 2026 at 11:52 AM, Alice Martin <alice@example.org> wrote:",
		"On 30/11/2026 11:52, Alice Martin wrote:",
		"On Mon, Nov 30, 2026 at 11:52:00AM +0100, Alice Martin wrote:",
		"On 2026-11-30 11:52, Alice Martin wrote:",
		"On Mon, Nov 30, 2026 at 11:52 AM Alice Martin <alice@example.org>wrote:",
		"On Mon, Nov 30, 2026 at 11:52 AM Alice Martin <alice@example.org> wrote",
		"---- On Mon, 30 Nov 2026 11:52:00 +0100 Alice Martin <alice@example.org> wrote ----",
		"Alice Martin <alice@example.org> wrote on 30/11/2026 11:52:00:",
		"* Alice Martin <alice@example.org> [2026-11-30 11:52]:",
		"2026-11-30 8:48 GMT+01:00 Alice Martin <alice@example.org>:",
	}},
	{"fr", []string{"le"}, []string{"a écrit", "écrit", "a ecrit"}, []string{
		"Le lun. 30 nov. 2026 à 11:52, Alice Martin <alice@example.org> a écrit :",
		"Le 30 nov. 2026 à 11:52, Alice Martin <alice@example.org> a écrit :",
		"Le 30/11/2026 à 11:52, Alice Martin a écrit :",
		"Le lundi 30 novembre 2026, 11:52:00 UTC+1, Alice Martin <alice@example.org> a écrit :",
	}},
	{"de", []string{"am"}, []string{"schrieb", "geschrieben", "zitat von"}, []string{
		"Am Mo., 30. Nov. 2026 um 11:52 Uhr schrieb Alice Martin <alice@example.org>:",
		"Am 30.11.2026 um 11:52 schrieb Alice Martin <alice@example.org>:",
		"Am 30.11.26 um 11:52 schrieb Alice Martin:",
		"Am Montag, 30. November 2026, 11:52:00 MEZ hat Alice Martin <alice@example.org> Folgendes geschrieben:",
		"Alice Martin <alice@example.org> schrieb am Mo., 30. Nov. 2026, 11:52:",
	}},
	{"es", []string{"el"}, []string{"escribió", "escribio"}, []string{
		"El lun, 30 nov 2026 a las 11:52, Alice Martin (<alice@example.org>) escribió:",
		"El 30 nov 2026, a las 11:52, Alice Martin <alice@example.org> escribió:",
		"El 30/11/26 a las 11:52, Alice Martin escribió:",
	}},
	{"it", []string{"il", "il giorno"}, []string{"ha scritto", "scritto"}, []string{
		"Il giorno lun 30 nov 2026 alle ore 11:52 Alice Martin <alice@example.org> ha scritto:",
		"Il giorno 30 nov 2026, alle ore 11:52, Alice Martin <alice@example.org> ha scritto:",
		"Il 30/11/26 11:52, Alice Martin ha scritto:",
	}},
	{"pt", []string{"em"}, []string{"escreveu"}, []string{
		"Em seg., 30 de nov. de 2026 às 11:52, Alice Martin <alice@example.org> escreveu:",
		"Em 30 de nov. de 2026, à(s) 11:52, Alice Martin <alice@example.org> escreveu:",
		"Em 30/11/2026 11:52, Alice Martin escreveu:",
	}},
	{"nl", []string{"op"}, []string{"schreef", "geschreven", "het volgende geschreven"}, []string{
		"Op ma 30 nov 2026 om 11:52 schreef Alice Martin <alice@example.org>:",
		"Op 30 nov. 2026 om 11:52 heeft Alice Martin <alice@example.org> het volgende geschreven:",
		"Op 30-11-2026 om 11:52 schreef Alice Martin:",
	}},
	{"pl", []string{"w dniu", "dnia"}, []string{"napisał", "napisała", "napisał(a)", "napisal", "pisze", "napisana przez"}, []string{
		"pon., 30 lis 2026 o 11:52 Alice Martin <alice@example.org> napisał(a):",
		"Wiadomość napisana przez Alice Martin <alice@example.org> w dniu 30.11.2026, o godz. 11:52:",
		"W dniu 30.11.2026 o 11:52, Alice Martin pisze:",
	}},
	{"sv", []string{"den"}, []string{"skrev"}, []string{
		"Den mån 30 nov. 2026 kl 11:52 skrev Alice Martin <alice@example.org>:",
		"30 nov. 2026 kl. 11:52 skrev Alice Martin <alice@example.org>:",
		"Den 2026-11-30 kl. 11:52, skrev Alice Martin:",
	}},
	{"da", []string{"den"}, []string{"skrev"}, []string{
		"Den man. 30. nov. 2026 kl. 11.52 skrev Alice Martin <alice@example.org>:",
		"Den 30.11.2026 kl. 11.52 skrev Alice Martin:",
	}},
	{"no", []string{"den", "på"}, []string{"skrev"}, []string{
		"man. 30. nov. 2026 kl. 11:52 skrev Alice Martin <alice@example.org>:",
		"30. nov. 2026 kl. 11:52 skrev Alice Martin <alice@example.org>:",
	}},
	{"fi", nil, []string{"kirjoitti"}, []string{
		"ma 30.11.2026 klo 11.52 Alice Martin <alice@example.org> kirjoitti:",
		"Alice Martin <alice@example.org> kirjoitti 30.11.2026 kello 11.52:",
		"Alice Martin kirjoitti 30.11.2026 klo 11.52:",
	}},
	{"cs", []string{"dne"}, []string{"napsal", "napsala", "napsal(a)"}, []string{
		"po 30. 11. 2026 v 11:52 odesílatel Alice Martin <alice@example.org> napsal:",
		"Dne 30. 11. 26 v 11:52 Alice Martin napsal(a):",
	}},
	{"sk", []string{"dňa"}, []string{"napísal", "napísala", "napísal(a)"}, []string{
		"Dňa 30. 11. 2026 o 11:52 Alice Martin napísal(a):",
	}},
	{"hu", nil, []string{"írta", "ezt írta"}, []string{
		"Alice Martin <alice@example.org> ezt írta (időpont: 2026. nov. 30., H, 11:52):",
		"2026. 11. 30. 11:52 keltezéssel, Alice Martin írta:",
	}},
	{"tr", nil, []string{"yazdı", "şunu yazdı"}, []string{
		"Alice Martin <alice@example.org>, 30 Kas 2026 Pzt, 11:52 tarihinde şunu yazdı:",
		"30.11.2026 11:52 tarihinde Alice Martin yazdı:",
		"30 Kas 2026 tarihinde 11:52 saatinde, Alice Martin <alice@example.org> şunları yazdı:",
	}},
	{"ro", []string{"pe", "în"}, []string{"a scris"}, []string{
		"Pe lun., 30 nov. 2026 la 11:52, Alice Martin <alice@example.org> a scris:",
		"În luni, 30 noiembrie 2026, 11:52:00 EET, Alice Martin <alice@example.org> a scris:",
	}},
	{"ru", nil, []string{"написал", "написала", "написал(а)", "пишет"}, []string{
		"пн, 30 нояб. 2026 г. в 11:52, Alice Martin <alice@example.org>:",
		"30 нояб. 2026 г., в 11:52, Alice Martin <alice@example.org> написал(а):",
		"30.11.2026 11:52, Alice Martin пишет:",
		"Понедельник, 30 ноября 2026, 11:52 +03:00 от Alice Martin <alice@example.org>:",
	}},
	{"uk", nil, []string{"пише", "написав", "написала"}, []string{
		"пн, 30 лист. 2026 р. о 11:52 Alice Martin <alice@example.org> пише:",
	}},
	{"el", []string{"στις"}, []string{"έγραψε", "έγραψαν", "εγραψε"}, []string{
		"Στις Δευ 30 Νοε 2026 στις 11:52 π.μ., ο/η Alice Martin <alice@example.org> έγραψε:",
		"Στις 30 Νοε 2026, στις 11:52 π.μ., ο χρήστης Alice Martin <alice@example.org> έγραψε:",
		"Στις 30/11/2026 11:52 π.μ., ο/η Alice Martin έγραψε:",
	}},
	{"bg", []string{"на"}, []string{"написа"}, []string{
		"На пн, 30.11.2026 г. в 11:52 ч. Alice Martin <alice@example.org> написа:",
		"На 30.11.2026 г. 11:52 ч., Alice Martin написа:",
	}},
	{"sr", []string{"дана", "dana"}, []string{"је написао", "је написала", "је написао/ла", "написао", "написала", "je napisao", "je napisala", "je napisao/la", "napisao je", "napisala je", "napisao", "napisala"}, []string{
		"пон, 30. нов 2026. у 11:52 Alice Martin <alice@example.org> је написао/ла:",
		"pon, 30. nov 2026. u 11:52 Alice Martin <alice@example.org> je napisao/la:",
	}},
	{"hr", []string{"dana"}, []string{"napisao je", "napisala je", "je napisao", "je napisala", "napisao", "napisala"}, []string{
		"pon, 30. stu 2026. u 11:52 Alice Martin <alice@example.org> napisao je:",
		"Dana 30.11.2026. u 11:52, Alice Martin je napisao:",
	}},
	{"ar", []string{"في"}, []string{"كتب", "كتبت"}, []string{
		"في الاثنين، ٣٠ نوفمبر ٢٠٢٦ في ١١:٥٢ ص تمت كتابة ما يلي بواسطة Alice Martin <alice@example.org>:",
		"في ٣٠‏/١١‏/٢٠٢٦، الساعة ١١:٥٢ ص، كتب Alice Martin <alice@example.org>:",
		"في 30/11/2026 11:52 ص، كتب Alice Martin:",
	}},
	{"he", []string{"בתאריך", "ב-", "ב־"}, []string{"כתב", "כתבה", "כתב/ה"}, []string{
		"בתאריך יום ב׳, 30 בנוב׳ 2026 ב-11:52 מאת Alice Martin <alice@example.org>:",
		"ב-30 בנוב׳ 2026, בשעה 11:52, Alice Martin <alice@example.org> כתב/ה:",
		"ב־30/11/2026 ב־11:52, Alice Martin כתב:",
	}},
	{"fa", []string{"در"}, []string{"نوشت"}, []string{
		"در تاریخ دوشنبه ۳۰ نوامبر ۲۰۲۶ ساعت ۱۱:۵۲ Alice Martin <alice@example.org> نوشت:",
		"در ۱۱/۳۰/۲۰۲۶ ساعت ۱۱:۵۲, Alice Martin نوشت:",
	}},
	{"hi", nil, []string{"ने लिखा", "लिखा"}, []string{
		"सोम, 30 नव॰ 2026 को 11:52 am बजे Alice Martin <alice@example.org> ने लिखा:",
		"सोम, ३० नव॰ २०२६ को ११:५२ बजे Alice Martin <alice@example.org> ने लिखा:",
	}},
	{"th", []string{"เมื่อ"}, []string{"เขียนว่า", "เขียน"}, []string{
		"เมื่อ วันจันทร์ที่ 30 พ.ย. 2569 เวลา 11:52 Alice Martin <alice@example.org> เขียนว่า:",
		"เมื่อ 30/11/2026 11:52, Alice Martin เขียน:",
	}},
	{"vi", []string{"vào"}, []string{"đã viết", "viết"}, []string{
		"Vào Th 2, 30 thg 11, 2026 vào lúc 11:52 Alice Martin <alice@example.org> đã viết:",
		"Vào 11:52, ngày 30 thg 11, 2026, Alice Martin <alice@example.org> đã viết:",
	}},
	{"id", []string{"pada", "pada tanggal"}, []string{"menulis"}, []string{
		"Pada tanggal Sen, 30 Nov 2026 pukul 11.52 Alice Martin <alice@example.org> menulis:",
		"Pada Senin, 30 November 2026 11.52.00 WIB, Alice Martin <alice@example.org> menulis:",
		"Pada 30/11/2026 11.52, Alice Martin menulis:",
	}},
	{"zh", []string{"在", "於"}, []string{"写道", "寫道"}, []string{
		"Alice Martin <alice@example.org> 于2026年11月30日周一 11:52写道：",
		"Alice Martin <alice@example.org> 於 2026年11月30日 週一 上午11:52寫道：",
		"2026年11月30日 11:52，Alice Martin <alice@example.org> 写道：",
		"在 2026/11/30 11:52, Alice Martin 写道:",
	}},
	{"ja", nil, []string{"のメッセージ", "のメール", "書きました", "さんは書きました"}, []string{
		"2026年11月30日(月) 11:52 Alice Martin <alice@example.org>:",
		"2026/11/30 11:52、Alice Martin <alice@example.org>のメール:",
	}},
	{"ko", nil, []string{"작성", "님이 작성", "쓴 글"}, []string{
		"2026년 11월 30일 (월) 오전 11:52, Alice Martin <alice@example.org>님이 작성:",
		"2026. 11. 30. 오전 11:52, Alice Martin <alice@example.org> 작성:",
		"2026-11-30 오전 11:52에 Alice Martin 이(가) 쓴 글:",
	}},
}

// The tables, flattened for the recogniser.
var (
	attributionStarts = flatten(attributionLanguages, func(l attributionLanguage) []string { return l.starts })
	attributionVerbs  = flatten(attributionLanguages, func(l attributionLanguage) []string { return l.verbs })
)

func flatten[T any](rows []T, f func(T) []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range rows {
		for _, s := range f(r) {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// maxAttribution caps an attribution's length: a longer "… wrote:" is prose.
const maxAttribution = 400

// attribution is the judgement of a candidate attribution.
type attribution struct {
	ok bool
	// strong: it holds a date or a time and a verb or an address before the
	// colon, or it is dashed around its verb, which a player's own line
	// almost never does.
	strong bool
	// cuts: it is sure enough to end the new text when no quote follows
	// (Yahoo and HTML quotes leave the history unquoted): it names an
	// address, opens with a start word, ends with its verb or is dashed.
	cuts bool
}

// judgeAttribution judges s, one line or several joined by spaces,
// lower-cased and trimmed.
func judgeAttribution(s string) attribution {
	core := strings.TrimSpace(strings.Trim(s, "-=*> \t"))
	dashed := len(core) < len(s) && (strings.HasPrefix(s, "--") || strings.HasSuffix(s, "--"))
	if core == "" || len(core) > maxAttribution {
		return attribution{}
	}
	colon := strings.HasSuffix(core, ":") || strings.HasSuffix(core, "：")
	body := strings.TrimSpace(strings.TrimRight(core, ":："))
	if body == "" {
		return attribution{}
	}
	verb, verbAtEnd, glued := findVerb(body)
	addr := strings.IndexByte(body, '@') > 0 && hasAddress(body)
	addrEnd := addr && endsWithAddress(body)
	dated := hasYear(body) || hasClock(body) || hasNumericDate(body)
	if glued && dated && colon {
		// "Am 30.11.2026 um 11:52 Alicschrieb:": the name glued to the
		// verb, as HTML turned to text leaves it.
		verb, verbAtEnd = true, true
	}
	if !colon && !verbAtEnd && !dashed && !(verb && addrEnd) && !(dated && addrEnd && opensAttribution(body)) {
		return attribution{}
	}
	start := startsWithAny(body, attributionStarts)
	opening := startsWithAny(body, openingVerbs)
	switch {
	case dated && (verb || addrEnd && colon):
		return attribution{ok: true, strong: true, cuts: addr || start || verbAtEnd || dashed}
	case dashed && verb, colon && addr && (verbAtEnd || opening):
		// "---- Alice wrote ----", "Alice <a@x.org> wrote:", "Quoting Alice <a@x.org>:"
		return attribution{ok: true, strong: true, cuts: true}
	case colon && dated && addr:
		// A dated line naming an address, in a language the table lacks.
		return attribution{ok: true, strong: true, cuts: start}
	case dated && addrEnd && opensAttribution(body):
		// Gmail's old "2013/7/20 Alice <a@x.org>", without a colon.
		return attribution{ok: true, strong: true}
	case colon && (verbAtEnd || addrEnd || opening):
		return attribution{ok: true}
	}
	return attribution{}
}

// openingVerbs open a weak attribution: "Quoting Alice <a@x.org>:".
var openingVerbs = []string{"quoting", "zitat von", "citando", "cytując", "citation de", "wiadomość napisana przez"}

// findVerb reports whether s holds a verb of attributionVerbs, whether one
// ends it, and whether one ends it glued to the word before it. It walks s
// once, trying at each byte the verbs that start with it.
func findVerb(s string) (found, atEnd, glued bool) {
	for i := 0; i < len(s); i++ {
		for _, v := range verbsByFirstByte[s[i]] {
			end := i + len(v)
			if end > len(s) || s[i:end] != v {
				continue
			}
			last := strings.TrimSpace(s[end:]) == ""
			if !wordBounded(s, i, end, v) {
				glued = glued || last
				continue
			}
			found = true
			if last {
				return true, true, glued
			}
		}
	}
	return found, false, glued
}

// verbsByFirstByte are the attribution verbs by their first byte.
var verbsByFirstByte = func() (t [256][]string) {
	for _, v := range attributionVerbs {
		t[v[0]] = append(t[v[0]], v)
	}
	return t
}()

// wordBounded reports whether s[i:end], which is v, stands as a word: in
// scripts written without spaces any occurrence counts.
func wordBounded(s string, i, end int, v string) bool {
	first, _ := utf8.DecodeRuneInString(v)
	if !spacedScript(first) {
		return true
	}
	if i > 0 {
		r, _ := utf8.DecodeLastRuneInString(s[:i])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	if end < len(s) {
		r, _ := utf8.DecodeRuneInString(s[end:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// spacedScript reports whether r belongs to a script that separates words
// with spaces (not Han, kana or Hangul).
func spacedScript(r rune) bool {
	return !unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// startsWithAny reports whether s opens with one of words followed by a
// space, or by anything when the word is written joined to the next
// (Hebrew's "ב-", words of scripts without spaces).
func startsWithAny(s string, words []string) bool {
	for _, w := range words {
		if strings.HasPrefix(s, w) && len(s) > len(w) {
			r, _ := utf8.DecodeRuneInString(s[len(w):])
			if r == ' ' || !spacedScript([]rune(w)[0]) || strings.HasSuffix(w, "-") || strings.HasSuffix(w, "־") {
				return true
			}
		}
	}
	return false
}

// hasAddress reports an e-mail address in s: letters or digits, an '@',
// then a domain with a dot.
func hasAddress(s string) bool {
	for from := 0; ; {
		at := strings.IndexByte(s[from:], '@')
		if at < 0 {
			return false
		}
		at += from
		if at > 0 && isAddressByte(s[at-1]) {
			dot := false
			j := at + 1
			for ; j < len(s) && isAddressByte(s[j]); j++ {
				dot = dot || s[j] == '.'
			}
			if dot && j > at+3 {
				return true
			}
		}
		from = at + 1
	}
}

func isAddressByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || isDigit(b) || strings.IndexByte(".-_+", b) >= 0
}

// endsWithAddress reports whether s ends with an address, bracketed or
// not, or with a bracketed part after it (mutt's "[2026-11-30 11:52]").
func endsWithAddress(s string) bool {
	switch s[len(s)-1] {
	case '>', ')', ']', '"':
		return true
	}
	last := s[strings.LastIndexByte(s, ' ')+1:]
	return strings.IndexByte(last, '@') > 0
}

// hasYear reports a year from 1970 to 2099 standing apart from other
// digits: "2026", "2026年", "30.11.2026".
func hasYear(s string) bool {
	for i := 0; i+4 <= len(s); i++ {
		if (s[i] == '1' && s[i+1] == '9' || s[i] == '2' && s[i+1] == '0') && isDigit(s[i+2]) && isDigit(s[i+3]) &&
			(i == 0 || !isDigit(s[i-1])) && (i+4 == len(s) || !isDigit(s[i+4])) {
			return true
		}
	}
	return false
}

// hasClock reports a time of day such as "11:52" or "9:14" in s.
func hasClock(s string) bool {
	for i := 1; i+2 < len(s); i++ {
		if s[i] == ':' && isDigit(s[i-1]) && isDigit(s[i+1]) && isDigit(s[i+2]) && (i+3 == len(s) || !isDigit(s[i+3])) {
			return true
		}
	}
	return false
}

// hasNumericDate reports a date written with numbers and separators, such
// as "30/11/26" or "30.11.26".
func hasNumericDate(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) || i > 0 && isDigit(s[i-1]) {
			continue
		}
		j, parts := i, 0
		for parts < 3 {
			k := j
			for k < len(s) && isDigit(s[k]) && k-j < 4 {
				k++
			}
			if k == j || k < len(s) && isDigit(s[k]) {
				break
			}
			parts++
			if parts == 3 || k+1 >= len(s) || (s[k] != '/' && s[k] != '.' && s[k] != '-') {
				j = k
				break
			}
			j = k + 1
		}
		if parts == 3 {
			return true
		}
	}
	return false
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }
