package config

import (
	"strings"
)

// templateHeader opens the file pbem init writes.
const templateHeader = `# pbem configuration, written by pbem init.
#
# Every key is listed, commented out, with its default: as it stands this
# file changes nothing. Uncomment a key (remove the "# " before it) and set
# it; serve needs server.address and smtp.addr at least. An environment
# variable, named above each key, wins over this file; a secret may instead
# come from a file named by the variable with _FILE appended (as
# PBEM_IMAP_PASSWORD_FILE=/etc/pbem/imap.pw), which keeps it out of here.
# The database is --db, the logs are set by flags (pbem --help).
# Reference: docs/operators.md, Configuration.
`

// Template is the commented pbem.toml pbem init writes, from Keys: each
// key's meaning and variable, then the key commented out with its
// default, so that the file decodes to the defaults until the operator
// uncomments a line.
func Template() string {
	var b strings.Builder
	b.WriteString(templateHeader)
	section := ""
	for _, k := range Keys {
		sec, name, _ := strings.Cut(k.Name, ".")
		if sec != section {
			section = sec
			b.WriteString("\n[" + sec + "]\n")
		}
		b.WriteString("\n")
		for _, line := range wrap(k.Meaning+". Environment: "+k.Var+".", 76) {
			b.WriteString("# " + line + "\n")
		}
		value := k.Default
		if value == "" {
			value = `""`
		}
		b.WriteString("# " + name + " = " + value + "\n")
	}
	return b.String()
}

// wrap breaks text into lines of at most width columns at spaces (a
// longer word stays whole).
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
