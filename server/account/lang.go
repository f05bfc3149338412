package account

import (
	"context"
	"strings"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/store"
)

// langDefault is the word that clears a player's choice of language, so
// that the server's default applies to them again.
const langDefault = "default"

// SetLang sets the language of the mails to the player who owns address,
// as they can by mail with lang fr: spec is a language as lang.Parse reads
// it ("fr", "English", "français"), or "default" for the server's. Commands
// are read in both languages whatever it says. The player gets a
// confirmation, in the language chosen; SetLang returns its text.
func (a Accounts) SetLang(ctx context.Context, address, spec string) (string, error) {
	return a.langPref(ctx, address, spec, nil, parser.Mail{})
}

// langPref is SetLang for a mail (in, answered) or the command line (in
// nil).
func (a Accounts) langPref(ctx context.Context, address, spec string, in *store.Inbound, answered parser.Mail) (string, error) {
	return a.setChoice(ctx, address, in, answered, lang.T("pbem: your language"), func(p store.Player) (choice, error) {
		chosen, err := readLang(spec)
		if err != nil {
			return choice{}, err
		}
		reads := chosen.Or(a.Core.DefaultLang()) // the language they read from now on
		return choice{tag: reads, text: langConfirmation(chosen, reads), write: func(mails []store.OutMail) error {
			return a.Store.SetPlayerLang(ctx, store.LangChange{PlayerID: p.ID, Lang: string(chosen), Mails: mails, Inbound: in})
		}}, nil
	})
}

// readLang reads a language as written after lang: "" for default; a
// refusal, naming the languages there are, for one pbem does not write in.
func readLang(spec string) (lang.Tag, error) {
	spec = strings.TrimSpace(spec)
	if strings.EqualFold(spec, langDefault) {
		return "", nil
	}
	t, err := lang.Parse(spec)
	if err != nil {
		// lang.Parse's sentence, as a refusal the player reads in their
		// language.
		return "", engine.Refuse("%q is not a language pbem writes in: en (English) or fr (français)", spec)
	}
	return t, nil
}

// langConfirmation is what the player is told of their choice, in t, the
// language they now read: chosen, or the server's when chosen is "".
func langConfirmation(chosen, t lang.Tag) string {
	first := lang.T("From now on pbem writes to you in %s.", t.Name())
	if chosen == "" {
		first = lang.T("From now on pbem writes to you in this server's language, %s.", t.Name())
	}
	return first.In(t) + " " + lang.T("Commands are read in both languages, whatever your choice: help or aide, board or plateau, pass or passer. To change it, reply with lang fr (français) or lang en (English) on a line of its own.").In(t)
}
