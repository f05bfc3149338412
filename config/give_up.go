package config

import (
	"fmt"
	"strings"
	"time"

	"pbem/mailer"
)

// readGiveUp reads smtp.give_up: days (5d) or a Go duration (120h), an
// hour or more; 0 or "never" tries a deferred mail for ever (0
// returned); "" is mailer.DefaultGiveUp.
func readGiveUp(v string) (time.Duration, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	switch v {
	case "":
		return mailer.DefaultGiveUp, nil
	case "0", "never":
		return 0, nil
	}
	d, err := readDays(v)
	if err != nil || d < time.Hour {
		return 0, fmt.Errorf("smtp.give_up (PBEM_SMTP_GIVE_UP) is how long a deferred mail is tried, an hour or more such as 5d or 120h, or never, not %q", v)
	}
	return d, nil
}
