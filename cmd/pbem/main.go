// Command pbem is the one binary of the play-by-email game server: every
// command of the command line is wired here, and all game logic lives in the
// engine packages it calls.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// Exit codes shared by every command.
const (
	exitOK    = 0
	exitNo    = 1 // the command ran and failed, or its answer is no
	exitUsage = 2 // the command line was wrong: arguments, flags, malformed input

	// exitTempFail is sysexits.h's EX_TEMPFAIL: an MTA piping mail to
	// pbem ingest delivers it again later instead of bouncing it.
	exitTempFail = 75
)

func main() {
	os.Exit(execute(os.Args[1:], os.Stderr))
}

// registry is the set of games this binary serves.
func registry() *engine.Registry {
	return engine.NewRegistry(amplitude.Game{}, chiffres.Game{}, ludicitude.Game{})
}

// execute runs the command line args and returns the process exit status.
// Cobra reports its own usage errors (with the usage); errors returned by a
// command that ran are printed here, on stderr, without the usage.
func execute(args []string, stderr io.Writer) int {
	root := newRootCmd(registry())
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return exitOK
	}
	var ee *exitError
	var said loggedError
	switch {
	case errors.As(err, &ee) && errors.As(err, &said):
		return ee.code
	case errors.As(err, &ee):
		fmt.Fprintln(stderr, safeText(ee.Error()))
		return ee.code
	case root.SilenceErrors: // set once the command started to run
		fmt.Fprintln(stderr, "pbem:", safeText(err.Error()))
		return exitNo
	}
	return exitUsage
}
