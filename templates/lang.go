package templates

import (
	"fmt"
	htmltemplate "html/template"
	"strings"

	"pbem/lang"
)

// A template writes each sentence once, in English, through t:
//
//	{{t "It is your turn: move #%d." .MoveNumber}}
//	{{tn .Moves "%d move" "%d moves" .Moves}}
//
// and the mail renders it in its reader's language, from the translations
// registered with package lang (this package's are in lang_fr.go). The
// English format is the sentence's code, as everywhere in pbem; a template
// of the operator's may use t too, or plain words, which stay as written.
//
// Each template is parsed once and cloned for each language at Load, with
// t bound to that language, so that rendering a mail in French costs what
// rendering it in English does.

// textFuncs are the functions of a text part written in t.
func textFuncs(t lang.Tag) map[string]any {
	return map[string]any{
		"t": func(format string, args ...any) string { return lang.T(format, args...).In(t) },
		"tn": func(n int, one, other string, args ...any) string {
			return lang.Plural(n, one, other, args...).In(t)
		},
		"move": func(p Played) string { return moveSentence(p, t) },
		"list": func(names []string) string { return listIn(names, t) },
	}
}

// htmlFuncs are the functions of an HTML part written in t. A format is
// the template's own text, markup allowed (<code>board</code>), and so is
// its translation; the arguments are the data, escaped as html/template
// escapes them, unless they are already HTML.
func htmlFuncs(t lang.Tag) map[string]any {
	return map[string]any{
		"t": func(format string, args ...any) htmltemplate.HTML {
			return htmlIn(t, lang.T(format), args)
		},
		"tn": func(n int, one, other string, args ...any) htmltemplate.HTML {
			return htmlIn(t, lang.Plural(n, one, other), args)
		},
		"move": func(p Played) string { return moveSentence(p, t) },
		"list": func(names []string) string { return listIn(names, t) },
	}
}

// htmlIn renders m's format in t with args escaped for HTML text.
func htmlIn(t lang.Tag, m lang.Msg, args []any) htmltemplate.HTML {
	escaped := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case htmltemplate.HTML:
			escaped[i] = string(v)
		case string:
			escaped[i] = htmlEscaper.Replace(v)
		case int, int64:
			escaped[i] = v
		default:
			escaped[i] = htmlEscaper.Replace(fmt.Sprint(v))
		}
	}
	m.Args = escaped
	return htmltemplate.HTML(m.In(t))
}

// htmlEscaper escapes text as html/template does in HTML text, so that a
// sentence written through t reads byte for byte as the same words
// written in the template.
var htmlEscaper = strings.NewReplacer(
	"\x00", "\uFFFD", `"`, "&#34;", "&", "&amp;", "'", "&#39;", "+", "&#43;", "<", "&lt;", ">", "&gt;",
)

// listIn writes names as a sentence of t does: "Alice, Bob and Chloé",
// "Alice, Bob et Chloé".
func listIn(names []string, t lang.Tag) string {
	items := make([]any, len(names))
	for i, n := range names {
		items[i] = n
	}
	return lang.List(items...).In(t)
}

// moveSentence tells a move as every mail does: "Move 9: Ann played H8
// right 34251, 24 points.", without points for a move that scored none,
// and without a number for an aside ("Ann: draw."); the reader's own in
// the second person ("Move 9: you played ...").
func moveSentence(p Played, t lang.Tag) string {
	if p.You {
		return yourMoveSentence(p, t)
	}
	switch {
	case p.Aside:
		return lang.T("%s: %s.", p.Player, p.Notation).In(t)
	case p.Score != 0:
		return lang.Plural(p.Score, "Move %d: %s played %s, %d point.", "Move %d: %s played %s, %d points.",
			p.Number, p.Player, p.Notation, p.Score).In(t)
	}
	return lang.T("Move %d: %s played %s.", p.Number, p.Player, p.Notation).In(t)
}

// yourMoveSentence is moveSentence of the reader's own move.
func yourMoveSentence(p Played, t lang.Tag) string {
	switch {
	case p.Aside:
		return lang.T("You: %s.", p.Notation).In(t)
	case p.Score != 0:
		return lang.Plural(p.Score, "Move %d: you played %s, %d point.", "Move %d: you played %s, %d points.",
			p.Number, p.Notation, p.Score).In(t)
	}
	return lang.T("Move %d: you played %s.", p.Number, p.Notation).In(t)
}
