package core

import (
	"strings"
	"time"

	"pbem/engine"
	"pbem/lang"
)

// When is t as every mail writes a time: in UTC, with its weekday, "Thu 3
// Dec 2026 12:00 UTC", the same for players in every time zone.
func When(t time.Time) string {
	return t.UTC().Format("Mon 2 Jan 2006 15:04 UTC")
}

// WhenIn is When in t: "Thu 3 Dec 2026 12:00 UTC", "jeu. 3 déc. 2026
// 12:00 UTC", in UTC for players in every time zone.
func WhenIn(at time.Time, t lang.Tag) string {
	if t != lang.French {
		return When(at)
	}
	at = at.UTC()
	return strings.Join([]string{frDays[at.Weekday()], at.Format("2"), frMonths[at.Month()-1], at.Format("2006 15:04 UTC")}, " ")
}

// frDays and frMonths are the French abbreviations of days and months.
var (
	frDays   = [...]string{"dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."}
	frMonths = [...]string{"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."}
)

// Notation is the game's move notation in t, for the mails.
func Notation(g engine.Game, t lang.Tag) string {
	if d, ok := g.(engine.Documented); ok {
		return d.Notation().In(t)
	}
	return ""
}
