package parser

import (
	"regexp"
	"strings"

	"pbem/engine"
	"pbem/lang"
)

// The verbs of the commands about a player's games rather than a move:
// their clocks, their mail, their standing, and trying a move out.
const (
	// Try answers with the board as it would be after a move, changing
	// nothing: "try H8 right 34251".
	Try = "try"
	// Standings mails the game type's ratings.
	Standings = "standings"
	// Vacation stops the player's clocks in every game: "vacation 5d",
	// "vacation until 2026-12-24".
	Vacation = "vacation"
	// Back ends a vacation early.
	Back = "back"
	// MailPref sets how much mail the player gets: "mail every", "mail
	// turn", "mail digest 08:30".
	MailPref = "mail"
	// MailPrefHelp says how to write a MailPref command, for a refusal.
	MailPrefHelp = "write mail every (a mail for every move), mail turn (only when it is your turn, and the end) or mail digest 08:30 (one mail a day at that time, UTC)"
	// Pictures says whether the player's mails show the board as a
	// picture: "pictures off" (the ASCII board alone), "pictures on".
	Pictures = "pictures"
	// PicturesHelp says how to write a Pictures command, for a refusal.
	PicturesHelp = "write pictures off (the board as text alone) or pictures on (a picture of the board in every mail)"
	// Watch, Unwatch and Stop may come from anyone, player or not: watch a
	// game open to watchers, stop watching, and stop every mail of this
	// server to the address.
	Watch   = "watch"
	Unwatch = "unwatch"
	Stop    = "stop"
	// Lang sets the language of the player's mails: "lang fr", "langue
	// français", "language english". Commands are read in both languages
	// whatever it says.
	Lang = "lang"
	// LangHelp says how to write a Lang command, for a refusal.
	LangHelp = "write lang fr (for mails in French) or lang en (in English), on a line of its own"
	// Rematch, in reply to a finished game, offers its players a new game,
	// seats rotated, or accepts the one offered: "rematch", "revanche".
	// Accept (the lobby's verb too) agrees to what another player of the
	// game offered: "accept", "accepter".
	Rematch = "rematch"
	// Undo asks to take back the last turn of a game going on, or agrees
	// to the offer to: "undo", "reprendre".
	Undo = "undo"
)

// Command lines of these verbs are read strictly, so that chatter opening
// with the same word ("back home now", "try again tomorrow", "stop it")
// stays chatter; a short line that starts like one but does not read is a
// mistyped command, refused with a sentence that shows the form.
var (
	vacationForm = regexp.MustCompile(`(?i)^vacation\s+(\d{1,3}\s*[dh]|until\s+\d{4}-\d{2}-\d{2})[.!]?$`)
	mailForm     = regexp.MustCompile(`(?i)^mail\s+(every|turn|digest\s+\d{1,2}:\d{2})[.!]?$`)
	// mailFrequency is what follows "mail" on a line that means to choose
	// how much mail comes but does not read: "mail digest", "mail daily".
	// Other lines that open with "mail" ("mail me when you can") are
	// chatter.
	mailFrequency = regexp.MustCompile(`(?i)^\s*(every|turns?|digest\w*|daily|weekly|hourly|less|none|off)\b`)
	watchForm     = regexp.MustCompile(`(?i)^(watch|unwatch)(?:\s+(?:game\s+)?#?(\d{1,12}))?[.!]?$`)
	wordForm      = regexp.MustCompile(`(?i)^(back|stop|unsubscribe|standings)[.!]?$`)
	// answerForm is a word that makes or answers an offer in a game, alone
	// on its line: "rematch", "accept!", "undo".
	answerForm = regexp.MustCompile(`(?i)^(rematch|accept|undo)[.!]?$`)
	// langForm is lang, langue or language and one word: the language,
	// which the server reads.
	langForm     = regexp.MustCompile(`(?i)^(lang|langue|language)\s+([\pL-]+)[.!]?$`)
	picturesForm = regexp.MustCompile(`(?i)^pictures\s+(on|off)[.!]?$`)
	// picturesWish is what follows "pictures" on a line that means to
	// switch them but does not read: "pictures no", "pictures disabled".
	picturesWish = regexp.MustCompile(`(?i)^\s*(yes|no|none|enabled?|disabled?|please|never)\b`)
)

// readVerb reads a line that opens with one of these verbs into c; ok is
// false when the line is not one of them (then it may be a move or
// chatter), and c.Err is set for a mistyped one.
func readVerb(line string, c Command, g engine.Game) (Command, bool) {
	if verb, text, ok := readWatch(line); ok {
		c.Verb, c.Text = verb, text
		return c, true
	}
	word, rest, _ := strings.Cut(line, " ")
	word = verbOf(word)
	short := len(strings.Fields(line)) <= maxInfoLine
	switch word {
	case Try:
		rest = strings.TrimSpace(rest)
		c.Verb, c.Text = Try, rest
		if rest == "" {
			c.Err = engine.Refuse("try what? Write try, then a move as you would play it, such as try %s", example(g))
			return c, true
		}
		m, err := g.Parse(rest)
		if err == nil {
			c.Move = m
			return c, true
		}
		if spot, ok := g.(engine.Spotter); c.Guard != 0 || ok && spot.LooksLikeMove(rest) {
			c.Err = err
			return c, true
		}
		return c, false
	case Vacation:
		if m := vacationForm.FindStringSubmatch(line); m != nil {
			c.Verb, c.Text = Vacation, strings.ToLower(strings.Join(strings.Fields(m[1]), " "))
			return c, true
		}
		if spec, ok := frenchVacation(line); ok {
			c.Verb, c.Text = Vacation, spec
			return c, true
		}
		if short {
			c.Verb, c.Err = Vacation, engine.Refuse("write vacation 5d (days), vacation 72h (hours) or vacation until 2026-12-24")
			return c, true
		}
	case MailPref:
		if m := mailForm.FindStringSubmatch(line); m != nil {
			c.Verb, c.Text = MailPref, strings.ToLower(strings.Join(strings.Fields(m[1]), " "))
			return c, true
		}
		if spec, ok := frenchMailPref(line); ok {
			c.Verb, c.Text = MailPref, spec
			return c, true
		}
		if short && (mailFrequency.MatchString(rest) || frenchFreq.MatchString(fold(rest))) {
			c.Verb, c.Err = MailPref, engine.Refuse(MailPrefHelp)
			return c, true
		}
	case Lang:
		return readLang(line, c)
	case Pictures:
		if m := picturesForm.FindStringSubmatch(line); m != nil {
			c.Verb, c.Text = Pictures, strings.ToLower(m[1])
			return c, true
		}
		if spec, ok := frenchPictures(line); ok {
			c.Verb, c.Text = Pictures, spec
			return c, true
		}
		if short && picturesWish.MatchString(rest) {
			c.Verb, c.Err = Pictures, engine.Refuse(PicturesHelp)
			return c, true
		}
	case Rematch, Accept, Undo:
		if m := answerForm.FindStringSubmatch(line); m != nil {
			c.Verb, c.Text = strings.ToLower(m[1]), ""
			return c, true
		}
		if m := frenchAnswerForm.FindStringSubmatch(fold(line)); m != nil {
			c.Verb, c.Text = verbOf(m[1]), ""
			return c, true
		}
	case Back, Stop, "unsubscribe", Standings:
		if m := frenchWordForm.FindStringSubmatch(fold(line)); m != nil {
			c.Verb, c.Text = verbOf(m[1]), ""
			return c, true
		}
		if m := wordForm.FindStringSubmatch(line); m != nil {
			c.Verb, c.Text = strings.ToLower(m[1]), ""
			if c.Verb == "unsubscribe" {
				c.Verb = Stop
			}
			return c, true
		}
		if word == Standings && short {
			c.Verb, c.Text = Standings, ""
			return c, true
		}
	}
	return c, false
}

// readLang reads a line opening with lang, langue or language: with one
// word after it, the language, read by the server (which refuses one it
// does not write in), except that "language" is English chatter ("language
// barrier") unless a language follows; alone, a mistyped command.
func readLang(line string, c Command) (Command, bool) {
	c.Verb = Lang
	if m := langForm.FindStringSubmatch(line); m != nil {
		if _, err := lang.Parse(m[2]); err != nil && strings.EqualFold(m[1], "language") {
			return c, false
		}
		c.Text = m[2]
		return c, true
	}
	if len(strings.Fields(line)) == 1 {
		c.Err = engine.Refuse(LangHelp)
		return c, true
	}
	return c, false
}

// example is a move of g's notation, for a refusal that shows the form.
func example(g engine.Game) string {
	if d, ok := g.(engine.Documented); ok {
		// The guide's first row: its example, the cell before the tab.
		first, _, _ := strings.Cut(d.Notation().String(), "\t")
		if first != "" {
			return first
		}
	}
	return "a move"
}

// ControlCommands reads the commands anyone may send, player or not, from
// a mail's new text: watch N, unwatch [N], stop. Other lines are skipped.
func ControlCommands(text string) []Command {
	var out []Command
	for n, line := range writtenLines(text) {
		c := Command{Line: n, Written: line}
		if verb, text, ok := readWatch(line); ok {
			c.Verb, c.Text = verb, text
		} else if m := wordForm.FindStringSubmatch(line); m != nil && !strings.EqualFold(m[1], Standings) && !strings.EqualFold(m[1], Back) {
			c.Verb = Stop
		} else {
			continue
		}
		if out = append(out, c); len(out) >= MaxCommands {
			break
		}
	}
	return out
}
