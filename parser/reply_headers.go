package parser

import (
	"strings"
	"unicode/utf8"
)

// headerKind is what a line of a quoted header block says.
type headerKind uint8

const (
	notHeader headerKind = iota
	headerFrom
	headerDate // "Sent:" and "Date:" alike
	headerTo
	headerCc
	headerSubject
)

// headerLanguage is the header block Outlook and other clients write above
// the message they answer, in one language: "From: … Sent: … To: …
// Subject: …". A row is its keys, lower-case, and an example block that
// TestHeaderExamples cuts.
type headerLanguage struct {
	lang                        string
	from, date, to, cc, subject []string
	example                     string
}

var headerLanguages = []headerLanguage{
	{"en", []string{"from"}, []string{"sent", "date"}, []string{"to", "reply-to"}, []string{"cc", "bcc"}, []string{"subject"},
		"From: Alice Martin <alice@example.org>\nSent: Monday, November 30, 2026 11:52 AM\nTo: Bob <bob@example.org>\nSubject: RE: Amplitude, game 12"},
	{"fr", []string{"de", "expéditeur"}, []string{"envoyé", "date", "envoyé le", "message du"}, []string{"à", "a", "destinataire"}, []string{"cc", "cci", "copie à"}, []string{"objet", "sujet"},
		"De : Alice Martin <alice@example.org>\nEnvoyé : lundi 30 novembre 2026 11:52\nÀ : Bob <bob@example.org>\nObjet : RE: Amplitude, partie 12"},
	{"de", []string{"von", "absender"}, []string{"gesendet", "datum", "gesendet am"}, []string{"an", "empfänger"}, []string{"cc", "kopie"}, []string{"betreff"},
		"Von: Alice Martin <alice@example.org>\nGesendet: Montag, 30. November 2026 11:52\nAn: Bob <bob@example.org>\nBetreff: AW: Amplitude, Partie 12"},
	{"es", []string{"de", "remitente"}, []string{"enviado", "fecha", "enviado el"}, []string{"para"}, []string{"cc", "cco"}, []string{"asunto"},
		"De: Alice Martin <alice@example.org>\nEnviado: lunes, 30 de noviembre de 2026 11:52\nPara: Bob <bob@example.org>\nAsunto: RE: Amplitude, partida 12"},
	{"it", []string{"da", "mittente"}, []string{"inviato", "data", "inviato il"}, []string{"a", "destinatario"}, []string{"cc", "ccn"}, []string{"oggetto"},
		"Da: Alice Martin <alice@example.org>\nInviato: lunedì 30 novembre 2026 11:52\nA: Bob <bob@example.org>\nOggetto: R: Amplitude, partita 12"},
	{"pt", []string{"de", "remetente"}, []string{"enviado", "enviada em", "enviado em", "data"}, []string{"para"}, []string{"cc", "cco"}, []string{"assunto"},
		"De: Alice Martin <alice@example.org>\nEnviada em: segunda-feira, 30 de novembro de 2026 11:52\nPara: Bob <bob@example.org>\nAssunto: RE: Amplitude, partida 12"},
	{"nl", []string{"van", "afzender"}, []string{"verzonden", "datum", "verzonden op"}, []string{"aan"}, []string{"cc", "bcc"}, []string{"onderwerp"},
		"Van: Alice Martin <alice@example.org>\nVerzonden: maandag 30 november 2026 11:52\nAan: Bob <bob@example.org>\nOnderwerp: RE: Amplitude, partij 12"},
	{"pl", []string{"od", "nadawca"}, []string{"wysłano", "wysłane", "data"}, []string{"do", "adresat"}, []string{"dw", "kopia"}, []string{"temat"},
		"Od: Alice Martin <alice@example.org>\nWysłane: poniedziałek, 30 listopada 2026 11:52\nDo: Bob <bob@example.org>\nTemat: RE: Amplitude, gra 12"},
	{"sv", []string{"från", "avsändare"}, []string{"skickat", "datum"}, []string{"till"}, []string{"kopia"}, []string{"ämne"},
		"Från: Alice Martin <alice@example.org>\nSkickat: den 30 november 2026 11:52\nTill: Bob <bob@example.org>\nÄmne: SV: Amplitude, spel 12"},
	{"da", []string{"fra", "afsender"}, []string{"sendt", "dato"}, []string{"til"}, []string{"cc"}, []string{"emne"},
		"Fra: Alice Martin <alice@example.org>\nSendt: 30. november 2026 11:52\nTil: Bob <bob@example.org>\nEmne: SV: Amplitude, spil 12"},
	{"no", []string{"fra"}, []string{"sendt", "dato"}, []string{"til"}, []string{"kopi"}, []string{"emne"},
		"Fra: Alice Martin <alice@example.org>\nSendt: mandag 30. november 2026 11:52\nTil: Bob <bob@example.org>\nEmne: SV: Amplitude, spill 12"},
	{"fi", []string{"lähettäjä"}, []string{"lähetetty", "päivämäärä"}, []string{"vastaanottaja"}, []string{"kopio"}, []string{"aihe"},
		"Lähettäjä: Alice Martin <alice@example.org>\nLähetetty: maanantai 30. marraskuuta 2026 11.52\nVastaanottaja: Bob <bob@example.org>\nAihe: VS: Amplitude, peli 12"},
	{"cs", []string{"od"}, []string{"odesláno", "datum"}, []string{"komu"}, []string{"kopie"}, []string{"předmět"},
		"Od: Alice Martin <alice@example.org>\nOdesláno: pondělí 30. listopadu 2026 11:52\nKomu: Bob <bob@example.org>\nPředmět: RE: Amplitude, hra 12"},
	{"sk", []string{"od"}, []string{"odoslané", "dátum"}, []string{"komu"}, []string{"kópia"}, []string{"predmet"},
		"Od: Alice Martin <alice@example.org>\nOdoslané: pondelok 30. novembra 2026 11:52\nKomu: Bob <bob@example.org>\nPredmet: RE: Amplitude, hra 12"},
	{"hu", []string{"feladó"}, []string{"elküldve", "küldve", "dátum"}, []string{"címzett"}, []string{"másolatot kap"}, []string{"tárgy"},
		"Feladó: Alice Martin <alice@example.org>\nElküldve: 2026. november 30., hétfő 11:52\nCímzett: Bob <bob@example.org>\nTárgy: RE: Amplitude, 12. játék"},
	{"tr", []string{"kimden"}, []string{"gönderildi", "tarih"}, []string{"kime"}, []string{"bilgi"}, []string{"konu"},
		"Kimden: Alice Martin <alice@example.org>\nGönderildi: 30 Kasım 2026 Pazartesi 11:52\nKime: Bob <bob@example.org>\nKonu: YNT: Amplitude, oyun 12"},
	{"ro", []string{"de la"}, []string{"trimis", "data"}, []string{"către"}, []string{"cc"}, []string{"subiect"},
		"De la: Alice Martin <alice@example.org>\nTrimis: luni, 30 noiembrie 2026 11:52\nCătre: Bob <bob@example.org>\nSubiect: RE: Amplitude, joc 12"},
	{"bg", []string{"от"}, []string{"изпратено", "дата"}, []string{"до"}, []string{"копие"}, []string{"относно"},
		"От: Alice Martin <alice@example.org>\nИзпратено: понеделник, 30 ноември 2026 г. 11:52\nДо: Bob <bob@example.org>\nОтносно: RE: Amplitude, игра 12"},
	{"sr", []string{"od", "од"}, []string{"poslato", "послато", "datum", "датум"}, []string{"za", "за"}, []string{"cc", "копија", "kopija"}, []string{"tema", "тема", "predmet"},
		"Od: Alice Martin <alice@example.org>\nPoslato: ponedeljak, 30. novembar 2026. 11:52\nZa: Bob <bob@example.org>\nTema: RE: Amplitude, igra 12"},
	{"hr", []string{"šalje", "od"}, []string{"poslano", "datum"}, []string{"prima", "za"}, []string{"kopija"}, []string{"predmet"},
		"Šalje: Alice Martin <alice@example.org>\nPoslano: ponedjeljak, 30. studenoga 2026. 11:52\nPrima: Bob <bob@example.org>\nPredmet: RE: Amplitude, igra 12"},
	{"ru", []string{"от"}, []string{"отправлено", "дата"}, []string{"кому"}, []string{"копия"}, []string{"тема"},
		"От: Alice Martin <alice@example.org>\nОтправлено: 30 ноября 2026 г. 11:52\nКому: Bob <bob@example.org>\nТема: RE: Amplitude, игра 12"},
	{"uk", []string{"від", "від кого"}, []string{"надіслано", "відправлено", "дата"}, []string{"кому"}, []string{"копія"}, []string{"тема"},
		"Від: Alice Martin <alice@example.org>\nНадіслано: 30 листопада 2026 р. 11:52\nКому: Bob <bob@example.org>\nТема: RE: Amplitude, гра 12"},
	{"zh", []string{"发件人", "寄件者", "寄件人"}, []string{"发送时间", "日期", "时间", "寄件日期", "傳送時間", "发送日期", "時間"}, []string{"收件人", "收件者"}, []string{"抄送", "副本", "抄送人"}, []string{"主题", "主旨", "標題", "主題", "主 题"},
		"发件人: Alice Martin <alice@example.org>\n发送时间: 2026年11月30日 11:52\n收件人: Bob <bob@example.org>\n主题: 回复: Amplitude, 第12局"},
	{"ja", []string{"差出人", "送信者"}, []string{"送信日時", "日付", "日時"}, []string{"宛先", "受信者"}, []string{"cc"}, []string{"件名"},
		"差出人: Alice Martin <alice@example.org>\n送信日時: 2026年11月30日 11:52\n宛先: Bob <bob@example.org>\n件名: RE: Amplitude, ゲーム12"},
	{"el", []string{"από", "αποστολέας"}, []string{"στάλθηκε", "ημερομηνία"}, []string{"προς"}, []string{"κοιν", "κοιν."}, []string{"θέμα"},
		"Από: Alice Martin <alice@example.org>\nΣτάλθηκε: Δευτέρα, 30 Νοεμβρίου 2026 11:52 πμ\nΠρος: Bob <bob@example.org>\nΘέμα: Amplitude, παιχνίδι 12"},
	{"ar", []string{"من", "المرسل"}, []string{"تاريخ الإرسال", "التاريخ", "أرسلت"}, []string{"إلى"}, []string{"نسخة"}, []string{"الموضوع"},
		"من: Alice Martin <alice@example.org>\nتاريخ الإرسال: الاثنين، 30 نوفمبر 2026 11:52 ص\nإلى: Bob <bob@example.org>\nالموضوع: Amplitude"},
	{"he", []string{"מאת"}, []string{"נשלח", "תאריך"}, []string{"אל"}, []string{"עותק"}, []string{"נושא"},
		"מאת: Alice Martin <alice@example.org>\nנשלח: יום שני 30 נובמבר 2026 11:52\nאל: Bob <bob@example.org>\nנושא: Amplitude"},
	{"fa", []string{"از", "فرستنده"}, []string{"ارسال شده", "تاریخ"}, []string{"به", "گیرنده"}, []string{"رونوشت"}, []string{"موضوع"},
		"از: Alice Martin <alice@example.org>\nارسال شده: دوشنبه، 30 نوامبر 2026 11:52\nبه: Bob <bob@example.org>\nموضوع: Amplitude"},
	{"hi", []string{"प्रेषक"}, []string{"भेजा गया", "भेजा", "दिनांक", "तारीख"}, []string{"प्रति"}, []string{"सीसी"}, []string{"विषय"},
		"प्रेषक: Alice Martin <alice@example.org>\nभेजा गया: सोमवार, 30 नवंबर 2026 11:52\nप्रति: Bob <bob@example.org>\nविषय: Amplitude"},
	{"th", []string{"จาก", "ผู้ส่ง"}, []string{"ส่ง", "ส่งเมื่อ", "วันที่"}, []string{"ถึง", "ผู้รับ"}, []string{"สำเนาถึง"}, []string{"เรื่อง", "หัวเรื่อง"},
		"จาก: Alice Martin <alice@example.org>\nส่ง: 30 พฤศจิกายน 2569 11:52\nถึง: Bob <bob@example.org>\nเรื่อง: Amplitude"},
	{"vi", []string{"từ", "người gửi"}, []string{"đã gửi", "ngày gửi", "ngày"}, []string{"đến", "tới", "người nhận"}, []string{"cc"}, []string{"chủ đề", "tiêu đề"},
		"Từ: Alice Martin <alice@example.org>\nĐã gửi: Thứ Hai, ngày 30 tháng 11 năm 2026 11:52\nĐến: Bob <bob@example.org>\nChủ đề: Amplitude"},
	{"id", []string{"dari", "pengirim"}, []string{"dikirim", "tanggal", "terkirim"}, []string{"kepada"}, []string{"cc", "tembusan"}, []string{"subjek", "perihal", "judul"},
		"Dari: Alice Martin <alice@example.org>\nDikirim: Senin, 30 November 2026 11:52\nKepada: Bob <bob@example.org>\nSubjek: Amplitude"},
	{"ko", []string{"보낸 사람", "보낸사람", "발신", "발신자"}, []string{"보낸 날짜", "보낸날짜", "날짜"}, []string{"받는 사람", "받는사람", "수신", "수신자"}, []string{"참조"}, []string{"제목"},
		"보낸 사람: Alice Martin <alice@example.org>\n보낸 날짜: 2026년 11월 30일 월요일 오전 11:52\n받는 사람: Bob <bob@example.org>\n제목: RE: Amplitude, 게임 12"},
}

// headerKeys maps every key of headerLanguages to its kind.
var headerKeys = func() map[string]headerKind {
	m := map[string]headerKind{}
	for _, l := range headerLanguages {
		for kind, keys := range map[headerKind][]string{headerFrom: l.from, headerDate: l.date, headerTo: l.to, headerCc: l.cc, headerSubject: l.subject} {
			for _, k := range keys {
				m[k] = kind
			}
		}
	}
	return m
}()

// maxHeaderKey bounds a header key, in runes ("másolatot kap").
const maxHeaderKey = 16

// headerLineKind reads s, a lower-cased trimmed line, as "Key: value" of a
// quoted header block, allowing French spacing ("De :"), full-width colons,
// the asterisks of bold text ("*From:*"), the bars of a table turned to
// text ("| 发件人 | Alice |"), a key alone on its line (an HTML block whose
// values stand in elements of their own), and the colon-less "发件人 Alice"
// of webmails that lay their block out as a table, for keys in the scripts
// written without spaces, which no sentence opens with a lone word.
func headerLineKind(s string) headerKind {
	s = strings.TrimLeft(s, "*_| \t")
	key, value, ok := cutHeaderKey(s)
	if !ok {
		return notHeader
	}
	kind := headerKeys[strings.TrimSpace(strings.Trim(key, "*_ \t"))]
	if kind == notHeader || !headerValue(kind, strings.TrimSpace(strings.Trim(value, "*| \t"))) {
		return notHeader
	}
	return kind
}

// cutHeaderKey cuts s at the end of its key: a colon, a full-width colon or
// a table's bar within maxHeaderKey runes, else the first word (or two) of
// a script without spaces.
func cutHeaderKey(s string) (key, value string, ok bool) {
	n := 0
	for i, r := range s {
		if i > 0 && (r == ':' || r == '：' || r == '|') {
			return s[:i], s[i+utf8.RuneLen(r):], true
		}
		if n++; n > maxHeaderKey+2 {
			break
		}
	}
	if s == "" || spacedScript(firstRune(s)) {
		return "", "", false
	}
	words := firstWords(s, 3)
	if len(words) < 2 {
		return "", "", false
	}
	if len(words) == 3 && headerKeys[words[0]+" "+words[1]] != notHeader {
		return words[0] + " " + words[1], s[len(words[0])+1+len(words[1]):], true
	}
	return words[0], s[len(words[0]):], true
}

// headerValue reports whether v may be the value of a header of kind: a
// sender or recipients are addresses or a few words of names, a date holds
// a digit. "From: my point of view it is fine, but…" is a player's line.
func headerValue(kind headerKind, v string) bool {
	switch kind {
	case headerFrom, headerTo, headerCc:
		if v == "" {
			return true // its value on the next line, or none (an empty Cc)
		}
		if strings.IndexByte(v, '@') >= 0 {
			return true
		}
		return len(strings.Fields(v)) <= 6 && !endsSentence(v) && !strings.ContainsAny(v, "!?")
	case headerDate:
		return strings.ContainsAny(v, "0123456789") || len(strings.Fields(v)) <= 4 && !endsSentence(v)
	}
	return true
}

// headerBlockAt reports whether a quoted header block starts at line i: a
// From or Date line, then a line of another kind among the next ones; or a
// block opening with another key (Onet's "Temat:", Outlook.com's "To:"),
// then a From or Date line and a line of a third kind. Blank lines, and one
// wrapped line or value on its own line between two keys, are allowed.
func headerBlockAt(lines []replyLine, i int) bool {
	first := lines[i].header
	if first == notHeader {
		return false
	}
	opens := first == headerFrom || first == headerDate
	if opens && inlineHeaders(lines[i].lower) {
		return true
	}
	var seen [headerSubject + 1]bool
	seen[first] = true
	kinds, dated, gap := 1, opens, 0
	for j := i + 1; j < len(lines) && j <= i+8; j++ {
		l := lines[j]
		switch {
		case l.quoted:
			return false
		case l.lower == "":
			continue
		case l.header != notHeader:
			gap = 0
			if !seen[l.header] {
				seen[l.header] = true
				kinds++
				dated = dated || l.header == headerFrom || l.header == headerDate
			}
			if dated && (opens && kinds >= 2 || kinds >= 3) {
				return true
			}
		default:
			if gap++; gap > 1 {
				return false
			}
		}
	}
	return false
}

// headEnd returns the line after the head of history that starts at line
// i: its separators and rules, its header lines with their values on lines
// of their own or wrapped, and the blank lines after them.
func headEnd(lines []replyLine, i int) int {
	j := i
	for j < len(lines) {
		l := lines[j]
		switch {
		case l.quoted:
			return j
		case l.lower == "", l.header != notHeader, isSeparator(l.lower), isRule(l.lower):
			j++
		case j > i && lines[j-1].header != notHeader && j+1 < len(lines) && lines[j+1].header != notHeader:
			j++ // a value between two keys
		default:
			return j
		}
	}
	return j
}

// inlineHeaders reports a whole header block on one line, as some clients
// turn Outlook's HTML into text: "From: Alice Sent: Monday To: Bob".
func inlineHeaders(s string) bool {
	kinds := 0
	for _, key := range inlineKeys {
		if strings.Contains(s, key) {
			if kinds++; kinds >= 2 {
				return true
			}
		}
	}
	return false
}

// inlineKeys are the keys looked for after the first of a one-line block.
var inlineKeys = []string{
	" sent:", " to:", " subject:", " date:", " cc:",
	" envoyé :", " à :", " objet :", " gesendet:", " an:", " betreff:",
	" enviado:", " para:", " asunto:", " inviato:", " oggetto:", " assunto:",
	" verzonden:", " aan:", " onderwerp:",
}

// separatorLanguage holds the titles clients put between dashes or rules
// above the message they answer or forward ("-----Original Message-----"),
// and the lines that open a forwarded message without dashes ("Begin
// forwarded message:"), lower-case.
type separatorLanguage struct {
	lang     string
	titles   []string
	forwards []string
	example  string
}

var separatorLanguages = []separatorLanguage{
	{"en", []string{"original message", "forwarded message", "reply message", "forwarded", "original mail"}, []string{"begin forwarded message", "forwarded message"}, "-----Original Message-----"},
	{"fr", []string{"message d'origine", "message d’origine", "message original", "message transféré", "message transfere", "message initial", "mail original"}, []string{"début du message réexpédié", "début du message transféré"}, "-----Message d'origine-----"},
	{"de", []string{"ursprüngliche nachricht", "originalnachricht", "original-nachricht", "weitergeleitete nachricht", "ursprüngliche mail", "original mail"}, []string{"anfang der weitergeleiteten nachricht"}, "-----Ursprüngliche Nachricht-----"},
	{"es", []string{"mensaje original", "mensaje reenviado", "correo original"}, []string{"inicio del mensaje reenviado"}, "-----Mensaje original-----"},
	{"it", []string{"messaggio originale", "messaggio inoltrato", "mail originale"}, []string{"inizio messaggio inoltrato"}, "-----Messaggio originale-----"},
	{"pt", []string{"mensagem original", "mensagem encaminhada", "e-mail original"}, []string{"início da mensagem reencaminhada", "início da mensagem encaminhada"}, "-----Mensagem original-----"},
	{"nl", []string{"oorspronkelijk bericht", "origineel bericht", "doorgestuurd bericht"}, []string{"begin doorgestuurd bericht"}, "-----Oorspronkelijk bericht-----"},
	{"pl", []string{"oryginalna wiadomość", "wiadomość oryginalna", "przekazana wiadomość"}, []string{"początek przekazywanej wiadomości"}, "-----Oryginalna wiadomość-----"},
	{"sv", []string{"ursprungligt meddelande", "originalmeddelande", "vidarebefordrat meddelande"}, []string{"vidarebefordrat brev"}, "-----Ursprungligt meddelande-----"},
	{"da", []string{"oprindelig meddelelse", "original meddelelse", "videresendt meddelelse", "oprindelig besked"}, []string{"videresendt besked"}, "-----Oprindelig meddelelse-----"},
	{"no", []string{"opprinnelig melding", "original melding", "videresendt melding"}, []string{"videresendt melding"}, "-----Opprinnelig melding-----"},
	{"fi", []string{"alkuperäinen viesti", "välitetty viesti"}, []string{"välitetty viesti alkaa"}, "-----Alkuperäinen viesti-----"},
	{"cs", []string{"původní zpráva", "přeposlaná zpráva", "původní e-mail", "přeposlaný e-mail"}, nil, "-----Původní zpráva-----"},
	{"sk", []string{"pôvodná správa", "preposlaná správa", "pôvodný e-mail", "pôvodná e-mailová správa"}, nil, "-----Pôvodná správa-----"},
	{"ro", []string{"mesaj original", "mesajul original", "mesaj redirecționat", "mesaj redirecţionat", "mesaj transmis"}, nil, "-----Mesaj original-----"},
	{"bg", []string{"оригинално писмо", "оригинално съобщение", "препратено писмо", "препратено съобщение"}, nil, "-------- Оригинално писмо --------"},
	{"sr", []string{"originalna poruka", "оригинална порука", "prosleđena poruka", "прослеђена порука"}, nil, "-----Originalna poruka-----"},
	{"hr", []string{"izvorna poruka", "izvorni e-mail", "proslijeđena poruka"}, nil, "----- Izvorna poruka -----"},
	{"el", []string{"αρχικό μήνυμα", "προωθημένο μήνυμα"}, nil, "-----Αρχικό μήνυμα-----"},
	{"ar", []string{"الرسالة الأصلية", "رسالة محولة", "الرسالة المعاد توجيهها"}, nil, "-----الرسالة الأصلية-----"},
	{"he", []string{"הודעה מקורית", "הודעה שהועברה", "ההודעה המקורית"}, nil, "-----הודעה מקורית-----"},
	{"fa", []string{"پیام اصلی", "پیام بازارسال شده", "پیام ارسال شده"}, nil, "-----پیام اصلی-----"},
	{"hi", []string{"मूल संदेश", "अग्रेषित संदेश"}, nil, "-----मूल संदेश-----"},
	{"th", []string{"ข้อความต้นฉบับ", "ข้อความที่ส่งต่อ"}, nil, "-----ข้อความต้นฉบับ-----"},
	{"vi", []string{"thư gốc", "tin nhắn gốc", "thư chuyển tiếp", "thư được chuyển tiếp"}, nil, "-----Thư gốc-----"},
	{"id", []string{"pesan asli", "pesan terusan", "pesan yang diteruskan", "email asli"}, nil, "-----Pesan Asli-----"},
	{"hu", []string{"eredeti üzenet", "továbbított üzenet"}, nil, "-----Eredeti üzenet-----"},
	{"tr", []string{"orijinal mesaj", "özgün ileti", "özgün i̇leti", "iletilen mesaj", "orijinal ileti", "i̇letilen ileti"}, nil, "-----Orijinal Mesaj-----"},
	{"ru", []string{"исходное сообщение", "пересылаемое сообщение", "оригинальное сообщение", "пересланное сообщение"}, nil, "-----Исходное сообщение-----"},
	{"uk", []string{"оригінальне повідомлення", "початкове повідомлення", "переслане повідомлення", "пересланий лист"}, nil, "-----Оригінальне повідомлення-----"},
	{"zh", []string{"原始邮件", "原始郵件", "原始信件", "转发邮件", "轉寄郵件", "回复的原邮件", "回覆的原郵件", "原邮件", "原郵件", "回复的原始邮件"}, nil, "------------------ 原始邮件 ------------------"},
	{"ja", []string{"元のメッセージ", "転送メッセージ", "オリジナルメッセージ", "元のメール", "転送されたメッセージ"}, nil, "-----元のメッセージ-----"},
	{"ko", []string{"원본 메시지", "원본 이메일", "전달된 메시지", "원본 메일", "원본 메세지", "전달된 메일", "전달 메일"}, nil, "-----원본 메시지-----"},
}

var (
	separatorTitles = setOf(flatten(separatorLanguages, func(l separatorLanguage) []string { return l.titles }))
	forwardTitles   = setOf(flatten(separatorLanguages, func(l separatorLanguage) []string { return l.forwards }))
)

func setOf(words []string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// ruleRunes draw the lines clients put above a quoted header block.
const ruleRunes = "-_=~*—–━─＿•―‐＝"

// isSeparator reports a title between dashes or rules ("-----Original
// Message-----", "---------- Forwarded message ---------", "*-----
// Message d'origine-----*"), or a forwarded-message line ("Begin forwarded
// message:").
func isSeparator(s string) bool {
	if s == "" {
		return false
	}
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	if !strings.ContainsRune(ruleRunes, first) && !strings.ContainsRune(ruleRunes, last) && last != ':' && last != '：' {
		return false
	}
	core := strings.Trim(s, ruleRunes+" \t")
	title := strings.TrimSpace(strings.TrimRight(core, ":："))
	if title == "" {
		return false
	}
	if forwardTitles[title] {
		return true
	}
	decorated := len(core) < len(s) && (strings.Contains(s, "--") || strings.Contains(s, "==") || strings.Contains(s, "__"))
	return decorated && separatorTitles[title]
}

// isRule reports a line drawn with rule runes only, five or more: Outlook's
// underscores, "=====", "-----".
func isRule(s string) bool {
	n := 0
	for _, r := range s {
		if !strings.ContainsRune(ruleRunes, r) {
			return false
		}
		n++
	}
	return n >= 5
}
