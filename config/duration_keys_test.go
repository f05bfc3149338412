package config

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
)

// durationCase is a value of a duration key and what Load makes of it;
// err when it is refused.
type durationCase struct {
	value string
	want  time.Duration
	err   bool
}

// TestDurationKeys: the keys written as days or a Go duration, each with a
// word for none, a default, and a floor below which it is refused, from
// the environment and from the file.
func TestDurationKeys(t *testing.T) {
	for _, k := range []struct {
		key, variable, refusal string
		get                    func(Config) time.Duration
		cases                  []durationCase
		file                   string // the file's line, in the key's table
		fromFile               time.Duration
	}{
		{
			key: "server.outbox_keep", variable: "PBEM_OUTBOX_KEEP", refusal: "is how long sent mail is kept",
			get: func(c Config) time.Duration { return c.Server.OutboxKeep },
			cases: []durationCase{
				{"", DefaultOutboxKeep, false}, {"30d", 30 * 24 * time.Hour, false}, {"7D", 7 * 24 * time.Hour, false},
				{"1.5d", 36 * time.Hour, false}, {"720h", 720 * time.Hour, false}, {"forever", 0, false}, {"0", 0, false},
				{"12h", 0, true}, {"0.5d", 0, true}, {"-3d", 0, true}, {"a month", 0, true},
			},
			file: "[server]\noutbox_keep = \"90d\"\n", fromFile: 90 * 24 * time.Hour,
		},
		{
			key: "server.check_every", variable: "PBEM_CHECK_EVERY", refusal: "is how often serve checks the whole database",
			get: func(c Config) time.Duration { return c.Server.CheckEvery },
			cases: []durationCase{
				{"", DefaultCheckEvery, false}, {"24h", 24 * time.Hour, false}, {"6h", 6 * time.Hour, false},
				{"7d", 7 * 24 * time.Hour, false}, {"1h", time.Hour, false}, {"off", 0, false}, {"OFF", 0, false}, {"0", 0, false},
				{"30m", 0, true}, {"-1d", 0, true}, {"daily", 0, true},
			},
			file: "[server]\ncheck_every = \"12h\"\n", fromFile: 12 * time.Hour,
		},
		{
			key: "smtp.give_up", variable: "PBEM_SMTP_GIVE_UP", refusal: "is how long a deferred mail is tried",
			get: func(c Config) time.Duration { return c.SMTP.GiveUp },
			cases: []durationCase{
				{"", mailer.DefaultGiveUp, false}, {"5d", 5 * 24 * time.Hour, false}, {"36h", 36 * time.Hour, false},
				{"never", 0, false}, {"0", 0, false},
				{"30m", 0, true}, {"-1d", 0, true}, {"a week", 0, true},
			},
			file: "[smtp]\ngive_up = \"3d\"\n", fromFile: 3 * 24 * time.Hour,
		},
	} {
		t.Run(k.key, func(t *testing.T) {
			for _, c := range k.cases {
				got, err := Load("", false, envOf(map[string]string{k.variable: c.value}))
				if c.err {
					assert.ErrorContains(t, err, k.key+" ("+k.variable+") "+k.refusal, c.value)
					continue
				}
				require.NoError(t, err, c.value)
				assert.Equal(t, c.want, k.get(got), c.value)
			}
			path := filepath.Join(t.TempDir(), "pbem.toml")
			require.NoError(t, os.WriteFile(path, []byte(k.file), 0o600))
			c, err := Load(path, true, envOf(nil))
			require.NoError(t, err)
			assert.Equal(t, k.fromFile, k.get(c))
		})
	}
}
