package parser

import (
	"regexp"
	"strings"

	"pbem/engine"
)

// The games came in French and many of their players write French, so
// every command is read in English and in French, whatever language the
// player chose to read: "aide" is help, "vacances 5j" is vacation 5d.
// A French command is read as strictly as its English twin, and becomes
// the same Command (the English verb, its text in the English form the
// server reads), so that nothing past the parser knows which was written.
// The games' own move words (passer, échanger, parachuter...) are read by
// each engine's Parse.

// frenchVerbs are the French words of the commands, folded (lower case,
// no accent), each beside the English verb it means; and "language", the
// English word, for lang.
var frenchVerbs = map[string]string{
	"aide":       Help,
	"regles":     Help, // the rules come with the help
	"plateau":    Board,
	"historique": History,
	"dire":       Say,
	"essayer":    Try,
	"classement": Standings,
	"vacances":   Vacation,
	"retour":     Back,
	"courrier":   MailPref,
	"regarder":   Watch,
	"langue":     Lang,
	"images":     Pictures,
	"language":   Lang,
	"revanche":   Rematch,
	"accepter":   Accept,
	"reprendre":  Undo,
}

// fold is s in lower case without accents, as the engines fold move
// words (engine.Fold), and with the typographic apostrophe straight:
// "RÈGLES" and "regles" are one word, "aujourd’hui" and "aujourd'hui".
func fold(s string) string { return strings.ReplaceAll(engine.Fold(s), "’", "'") }

// verbOf is the English verb a command's first word names, in either
// language, its trailing punctuation dropped; another word comes back
// folded.
func verbOf(word string) string {
	w := fold(strings.TrimRight(word, ".,;:!?"))
	if v, ok := frenchVerbs[w]; ok {
		return v
	}
	return w
}

// isSay reports whether a line whose first word is word, followed by rest,
// is a say command: "say ...", or "dire ..." but for the French idiom
// "Dire que ..." ("to think that..."), which is chatter.
func isSay(word, rest string) bool {
	if strings.EqualFold(word, Say) {
		return true
	}
	if fold(word) != "dire" {
		return false
	}
	next := fold(firstWord(rest))
	return next != "que" && !strings.HasPrefix(next, "qu'")
}

// The French forms of the strict commands, matched against the folded
// line.
var (
	vacancesForm   = regexp.MustCompile(`^vacances\s+(?:(\d{1,3})\s*([jh])|jusqu'?\s*(?:au|a)\s+(\d{4}-\d{2}-\d{2}))\s*[.!]?$`)
	courrierForm   = regexp.MustCompile(`^courrier\s+(chaque|tour|resume\s+\d{1,2}:\d{2})\s*[.!]?$`)
	courrierWords  = strings.NewReplacer("chaque", "every", "tour", "turn", "resume", "digest")
	frenchFreq     = regexp.MustCompile(`^\s*(chaque|tours?|resume\w*|quotidien\w*|hebdo\w*|jour\w*|moins|aucun|jamais)\b`)
	regarderForm   = regexp.MustCompile(`^(regarder|ne\s+plus\s+regarder)(?:\s+(?:(?:la\s+)?partie\s+)?#?(\d{1,12}))?\s*[.!]?$`)
	frenchWordForm = regexp.MustCompile(`^(retour|classement)\s*[.!]?$`)
	// frenchAnswerForm is answerForm in French: "revanche", "accepter !",
	// "reprendre".
	frenchAnswerForm = regexp.MustCompile(`^(revanche|accepter|reprendre)\s*[.!]?$`)
)

// frenchVacation reads "vacances 5j", "vacances 72h" or "vacances
// jusqu'au 2026-12-24" as the spec the English form writes: "5d", "72h",
// "until 2026-12-24".
func frenchVacation(line string) (string, bool) {
	m := vacancesForm.FindStringSubmatch(fold(line))
	switch {
	case m == nil:
		return "", false
	case m[3] != "":
		return "until " + m[3], true
	case m[2] == "j":
		return m[1] + "d", true
	}
	return m[1] + "h", true
}

// imagesForm is "images oui" or "images non" (on, off), folded.
var imagesForm = regexp.MustCompile(`^images\s+(oui|non|on|off)\s*[.!]?$`)

// frenchPictures reads "images oui" or "images non" as "on" or "off".
func frenchPictures(line string) (string, bool) {
	m := imagesForm.FindStringSubmatch(fold(line))
	if m == nil {
		return "", false
	}
	if m[1] == "oui" || m[1] == "on" {
		return "on", true
	}
	return "off", true
}

// frenchMailPref reads "courrier chaque", "courrier tour" or "courrier
// résumé 08:30" as "every", "turn" or "digest 08:30".
func frenchMailPref(line string) (string, bool) {
	m := courrierForm.FindStringSubmatch(fold(line))
	if m == nil {
		return "", false
	}
	return courrierWords.Replace(strings.Join(strings.Fields(m[1]), " ")), true
}

// readWatch reads a watch or unwatch command in either language: "watch
// 12", "unwatch", "regarder la partie 12", "ne plus regarder 12"; text is
// the game's number, "" when none is written.
func readWatch(line string) (verb, text string, ok bool) {
	if m := watchForm.FindStringSubmatch(line); m != nil {
		return strings.ToLower(m[1]), m[2], true
	}
	if m := regarderForm.FindStringSubmatch(fold(line)); m != nil {
		if m[1] == "regarder" {
			return Watch, m[2], true
		}
		return Unwatch, m[2], true
	}
	return "", "", false
}

// frenchLobbyVerbs are the French words of the lobby's commands, folded,
// beside their verbs; aide and plateau are those of every game.
var frenchLobbyVerbs = map[string]string{
	"inscription":    Signup,
	"confirmer":      Confirm,
	"nom":            Rename,
	"desinscription": Signoff,
	"nouvelle":       New,
	"nouveau":        New,
	"accepter":       Accept,
	"refuser":        Refuse,
	"rejoindre":      Join,
	"parties":        Games,
	"echelle":        Ladder,
	"relever":        Takeover,
	"releve":         Takeover,
	"remplacer":      Takeover,
	"releves":        Takeovers,
}

// frenchLobbyWords are the French keywords among a lobby command's
// arguments, folded, beside the English the server reads: "nouvelle
// amplitude avec ordinateur" is "new amplitude with computer", "parties
// ouvertes" is "games open", "confirmer JETON abandonner" is "confirm
// TOKEN resign".
var frenchLobbyWords = map[string]string{
	"avec": "with", "ouverte": "open", "ouvertes": "open", "ouvert": "open", "ouverts": "open",
	"ordinateur": "computer", "et": "and", "abandonner": "resign", "garder": "keep",
}

// LobbyWord is the English of a keyword of the lobby's commands written in
// French ("abandonner" is "resign"), or the word folded (lower case, no
// accent) when it is none: the server reads the English.
func LobbyWord(w string) string {
	w = fold(w)
	if en, ok := frenchLobbyWords[w]; ok {
		return en
	}
	return w
}

// lobbyVerbOf is the lobby verb a line's first word names, in either
// language, or the word folded.
func lobbyVerbOf(word string) string {
	if v, ok := frenchLobbyVerbs[fold(strings.TrimRight(word, ".,;:!?"))]; ok {
		return v
	}
	return verbOf(word)
}

// lobbyArgs are the arguments of a lobby command of verb, as written but
// for the French keywords of new, games and confirm, given in English; names and
// addresses are left as they are. It changes args in place.
func lobbyArgs(verb string, args []string) []string {
	if verb != New && verb != Games && verb != Confirm {
		return args
	}
	for i, a := range args {
		if en, ok := frenchLobbyWords[fold(a)]; ok && (verb == Games || i > 0) {
			args[i] = en
		}
	}
	return args
}
