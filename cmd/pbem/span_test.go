package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestSpan(t *testing.T) {
	for d, want := range map[time.Duration]string{
		7 * 24 * time.Hour: "7 days",
		24 * time.Hour:     "1 day",
		36 * time.Hour:     "36h0m0s",
		0:                  "0s",
	} {
		assert.Equal(t, want, span(d), d.String())
	}
}
