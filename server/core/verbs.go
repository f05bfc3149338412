package core

import (
	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
)

// LineRefusal ties a refusal to the command line it is about, so that the
// answer quotes the line as written; other errors pass as they are.
func LineRefusal(c parser.Command, err error) error {
	if !engine.IsRefusal(err) {
		return err
	}
	return &parser.LineRefusal{Line: c.Line, Written: c.Written, Move: c.Verb == parser.Move || c.Verb == parser.Try, Err: err}
}

// verbWords are the commands a refusal names, as its reader writes them:
// "vacances" to a French reader. The parser reads both languages and
// hands the server the English verb; a sentence must name the word its
// reader would write.
var verbWords = map[string]lang.Msg{
	parser.Vacation: lang.T("vacation"), parser.Back: lang.T("back"), parser.MailPref: lang.T("mail"),
	parser.Lang: lang.T("lang"), parser.Pictures: lang.T("pictures"), parser.Watch: lang.T("watch"),
	parser.Unwatch: lang.T("unwatch"), parser.Stop: lang.T("stop"),
	parser.Rematch: lang.T("rematch"), parser.Accept: lang.T("accept"), parser.Refuse: lang.T("decline"),
	parser.Undo: lang.T("undo"),
}

// VerbWord is verb as its reader writes it; a verb of no sentence's is
// itself.
func VerbWord(verb string) lang.Msg {
	if w, ok := verbWords[verb]; ok {
		return w
	}
	return lang.Text(verb)
}
