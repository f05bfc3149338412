package main

import (
	"fmt"
	"time"
)

// span is d for the operator's eye: whole days as days ("7 days", "1
// day"), anything else as a Go duration ("36h0m0s").
func span(d time.Duration) string {
	const day = 24 * time.Hour
	switch {
	case d <= 0 || d%day != 0:
		return d.String()
	case d == day:
		return "1 day"
	}
	return fmt.Sprintf("%d days", d/day)
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
