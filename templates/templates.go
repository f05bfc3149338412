// Package templates holds the words of every mail pbem sends: a text/template
// file for the text/plain part and an html/template file for the text/html
// part of each kind of mail, embedded in the binary.
//
// An operator changes the wording without rebuilding by putting a file of
// the same name in a folder given to Load; the others stay embedded. Each
// template gets its own data type (Turn, Invitation, Refusal, Answer, Chat,
// Stranger), and Load runs every template on sample data, so that a broken
// override stops the server at start rather than a mail in mid-game.
//
// Text output is tidied (see Render): trailing blanks and runs of empty
// lines are removed, so templates can be written for legibility. Subjects
// are the server's business, not the templates'.
package templates

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	texttemplate "text/template"
)

//go:embed files/*.tmpl
var embedded embed.FS

// File name suffixes of the two parts of a mail.
const (
	textSuffix = ".txt.tmpl"
	htmlSuffix = ".html.tmpl"
)

// Set is the mail templates, embedded in the binary, each optionally
// overridden by a file of the same name in an operator's folder. It is
// safe for concurrent use.
type Set struct {
	mails map[string]mail
}

// mail is the two parts of one kind of mail.
type mail struct {
	text *texttemplate.Template
	html *htmltemplate.Template
}

// Load parses the embedded templates, each replaced by the file of the same
// name in overrideDir when there is one ("" means embedded only). An
// override that does not parse, or fails on sample data, is an error that
// names the file; so is a *.tmpl file there that replaces no template, most
// likely a misspelt name.
func Load(overrideDir string) (*Set, error) {
	sources, err := readSources(overrideDir)
	if err != nil {
		return nil, err
	}
	s := &Set{mails: make(map[string]mail)}
	for name, samples := range examples {
		var m mail
		text, html := sources[name+textSuffix], sources[name+htmlSuffix]
		if m.text, err = texttemplate.New(name).Funcs(funcs).Parse(text.body); err != nil {
			return nil, fmt.Errorf("template %s: %w", text.path, err)
		}
		if m.html, err = htmltemplate.New(name).Funcs(funcs).Parse(html.body); err != nil {
			return nil, fmt.Errorf("template %s: %w", html.path, err)
		}
		for _, data := range samples {
			if err := m.text.Execute(io.Discard, data); err != nil {
				return nil, fmt.Errorf("template %s fails on sample data: %w", text.path, err)
			}
			if err := m.html.Execute(io.Discard, data); err != nil {
				return nil, fmt.Errorf("template %s fails on sample data: %w", html.path, err)
			}
		}
		s.mails[name] = m
	}
	return s, nil
}

// source is a template's text and where it came from, for error messages.
type source struct {
	path string
	body string
}

// readSources gives every template file by name: the embedded ones, then
// those of overrideDir over them.
func readSources(overrideDir string) (map[string]source, error) {
	sources := make(map[string]source)
	for name := range examples {
		for _, file := range []string{name + textSuffix, name + htmlSuffix} {
			body, err := embedded.ReadFile("files/" + file)
			if err != nil {
				return nil, fmt.Errorf("embedded template %s: %w", file, err)
			}
			sources[file] = source{path: "embedded " + file, body: string(body)}
		}
	}
	if overrideDir == "" {
		return sources, nil
	}
	entries, err := os.ReadDir(overrideDir)
	if err != nil {
		return nil, fmt.Errorf("template folder: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".tmpl") {
			continue
		}
		path := filepath.Join(overrideDir, e.Name())
		if _, ok := sources[e.Name()]; !ok {
			return nil, fmt.Errorf("template %s replaces no template; known are %s", path, strings.Join(Names(), ", "))
		}
		body, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("template %s: %w", path, err)
		}
		sources[e.Name()] = source{path: path, body: string(body)}
	}
	return sources, nil
}

// Names lists the file names a template folder may hold, sorted: each
// mail's text and HTML part.
func Names() []string {
	var names []string
	for name := range examples {
		names = append(names, name+textSuffix, name+htmlSuffix)
	}
	slices.Sort(names)
	return names
}

// ErrUnknown is returned by Render for a name no template has.
var ErrUnknown = errors.New("no such mail template")

// Render runs the named mail's templates on data, whose type is the one
// documented for that name, and gives both parts. The text part is tidied:
// no trailing blanks, no more than one empty line in a row, none at the
// start, one newline at the end.
func (s *Set) Render(name string, data any) (text, html string, err error) {
	m, ok := s.mails[name]
	if !ok {
		return "", "", fmt.Errorf("render %q: %w", name, ErrUnknown)
	}
	var buf bytes.Buffer
	if err := m.text.Execute(&buf, data); err != nil {
		return "", "", fmt.Errorf("render %s text: %w", name, err)
	}
	text = tidy(buf.String())
	buf.Reset()
	if err := m.html.Execute(&buf, data); err != nil {
		return "", "", fmt.Errorf("render %s html: %w", name, err)
	}
	return text, buf.String(), nil
}

// Embedded gives the embedded template files, the starting point for an
// operator who wants to change a mail's wording.
func Embedded() fs.FS {
	sub, err := fs.Sub(embedded, "files")
	if err != nil {
		panic(err) // "files" is a valid path: cannot happen
	}
	return sub
}
