package main

import (
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// buildInfo is what a pbem binary knows of its own build, from the Go
// toolchain's record (runtime/debug.ReadBuildInfo): the module version
// (a tag for go install …@v1.2.3, "(devel)" for a build from a clone) and
// the VCS revision the build was made from.
type buildInfo struct {
	Version  string `json:"version"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`     // the revision's commit time, RFC 3339
	Modified bool   `json:"modified,omitempty"` // the tree had uncommitted changes
	Go       string `json:"go"`
}

// readBuildInfo reads info, which may be nil (a binary built without
// module support).
func readBuildInfo(info *debug.BuildInfo, ok bool) buildInfo {
	b := buildInfo{Version: "(devel)", Go: "unknown"}
	if !ok || info == nil {
		return b
	}
	if v := info.Main.Version; v != "" {
		b.Version = v
	}
	b.Go = info.GoVersion
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// short is the version in one line, as --version prints it.
func (b buildInfo) short() string {
	s := b.Version
	if b.Revision != "" {
		s += " (" + b.Revision[:min(12, len(b.Revision))]
		if b.Modified {
			s += ", modified"
		}
		s += ")"
	}
	return s
}

func (b buildInfo) String() string {
	var w strings.Builder
	fmt.Fprintf(&w, "pbem %s\n", b.Version)
	if b.Revision != "" {
		fmt.Fprintf(&w, "revision %s", b.Revision)
		if b.Time != "" {
			fmt.Fprintf(&w, " of %s", b.Time)
		}
		if b.Modified {
			w.WriteString(", with uncommitted changes")
		}
		w.WriteString("\n")
	}
	fmt.Fprintf(&w, "built with %s\n", b.Go)
	return w.String()
}

func newVersionCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print pbem's version and the revision it was built from",
		Long: `Print the module version (a release tag, or "(devel)" for a build from a
clone), the VCS revision, its time and whether the tree had uncommitted
changes (when built inside a git checkout), and the Go version. --json
gives version, revision, time, modified, go.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			b := readBuildInfo(debug.ReadBuildInfo())
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(b)
			}
			fmt.Fprint(cmd.OutOrStdout(), b)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "machine-readable output")
	return cmd
}
