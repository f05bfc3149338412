package main

import (
	"time"

	"pbem/mailer"
)

// span is d for the operator's eye: whole days as days (mailer.Days),
// nothing as a Go duration ("0s").
func span(d time.Duration) string {
	if d <= 0 {
		return d.String()
	}
	return mailer.Days(d)
}

// spanOf is span of a Go duration as the JSON writes it, the text as it
// is when it is none.
func spanOf(goDuration string) string {
	d, err := time.ParseDuration(goDuration)
	if err != nil {
		return goDuration
	}
	return span(d)
}
