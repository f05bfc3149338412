package main

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// profileEnv names the file pbem serve writes a CPU profile of its whole
// run to, for developers measuring the daemon under load (BenchmarkServeLoad
// passes it on: docs/development.md); unset, nothing is profiled.
const profileEnv = "PBEM_CPU_PROFILE"

// startProfile starts the CPU profile profileEnv names, if any, and
// returns what stops it and writes it out.
func startProfile() (stop func(), err error) {
	path := os.Getenv(profileEnv)
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", profileEnv, err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", profileEnv, err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
