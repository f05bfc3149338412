package ladder

import (
	"strings"
	"time"

	"pbem/archive"
	"pbem/lang"
)

// optionsText is a ladder's options as a mail says them.
func optionsText(opts map[string]string) lang.Msg {
	if len(opts) == 0 {
		return lang.T("none")
	}
	return lang.Text(strings.Join(archive.OptionPairs(opts), " "))
}

// duration is an answer time as a mail says it: whole days as days, else
// hours.
func duration(d time.Duration) lang.Msg {
	if d%(24*time.Hour) == 0 {
		n := int(d / (24 * time.Hour))
		return lang.Plural(n, "%d day", "%d days", n)
	}
	n := int(d.Round(time.Hour) / time.Hour)
	return lang.Plural(n, "%d hour", "%d hours", n)
}
