package main

import (
	"context"
	"fmt"
	"io"

	"pbem/config"
	"pbem/store"
)

// recordSettings reconciles the configuration with the server settings
// the database records (config.Config.Recorded), so that every process on
// one database composes mail alike. The precedence:
//
//   - a configuration naming server.address wins: its server settings are
//     used as they are and recorded, the unset ones as unset (a key the
//     operator removed is removed for everyone); a recorded address it
//     replaces is named on warn, since two configurations that disagree
//     would otherwise take turns;
//   - a configuration naming none (an MTA pipe whose environment was
//     cleared) takes every setting it leaves unset from the record.
func recordSettings(ctx context.Context, st *store.Store, cfg *config.Config, warn io.Writer) error {
	rec, err := st.Settings(ctx)
	if err != nil {
		return fmt.Errorf("database %s: %w", st.Path(), err)
	}
	if !cfg.Configured() {
		if _, err := cfg.Complete(rec); err != nil {
			return fmt.Errorf("database %s: %w", st.Path(), err)
		}
		return nil
	}
	want := cfg.Recorded()
	same := true
	for k, v := range want {
		if got, ok := rec[k]; !ok || got != v {
			same = false
		}
	}
	if same {
		return nil
	}
	if old := rec["server.address"]; old != "" && old != cfg.Server.Address {
		fmt.Fprintf(warn, "pbem: server.address is now %s in the database %s, which recorded %s: the processes without a configuration (pbem ingest behind an MTA) use it from now on\n",
			cfg.Server.Address, st.Path(), old)
	}
	if err := st.RecordSettings(ctx, want); err != nil {
		return fmt.Errorf("database %s: %w", st.Path(), err)
	}
	return nil
}
