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
// Every sentence of the embedded templates is written through t (see
// lang.go), and a mail is rendered in its reader's language: Render takes
// the language, and each template is ready in each at Load.
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
	"sync"
	texttemplate "text/template"

	"pbem/lang"
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
	langs map[lang.Tag]*langSet // English first among lang.Tags, each one there
}

// langSet is the templates in one language: each bound to its t.
type langSet struct {
	mails  map[string]mail
	footer mail // the status block that ends every mail of a game
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
// likely a misspelt name. With no overrideDir the samples are not run: the
// embedded templates are checked on them by TestEmbeddedOnSamples, and
// every command that opens a server (pbem game list among them) would pay
// for it at its start.
func Load(overrideDir string) (*Set, error) {
	sources, err := readSources(overrideDir)
	if err != nil {
		return nil, err
	}
	s := &Set{langs: make(map[lang.Tag]*langSet)}
	for _, t := range lang.Tags {
		s.langs[t] = &langSet{mails: make(map[string]mail)}
	}
	for name, samples := range examples {
		if overrideDir == "" {
			samples = nil
		}
		parsed, err := parseMail(name, sources)
		if err != nil {
			return nil, err
		}
		for _, t := range lang.Tags {
			m, err := parsed.in(t)
			if err != nil {
				return nil, fmt.Errorf("template %s in %s: %w", name, t, err)
			}
			if err := m.try(name, sources, samples); err != nil {
				return nil, err
			}
			if name == footerName {
				s.langs[t].footer = m
			} else {
				s.langs[t].mails[name] = m
			}
		}
	}
	return s, nil
}

// footerName is the template of the status block, which Render puts at the
// end of every mail given a Footer.
const footerName = "footer"

// parseMail parses one template's two parts.
func parseMail(name string, sources map[string]source) (mail, error) {
	var m mail
	var err error
	text, html := sources[name+textSuffix], sources[name+htmlSuffix]
	if m.text, err = texttemplate.New(name).Funcs(textParseFuncs).Parse(text.body); err != nil {
		return m, fmt.Errorf("template %s: %w", text.path, err)
	}
	if m.html, err = htmltemplate.New(name).Funcs(htmlParseFuncs).Parse(html.body); err != nil {
		return m, fmt.Errorf("template %s: %w", html.path, err)
	}
	return m, nil
}

// in is a copy of m, parsed and never run, whose t writes in t: cloned
// before any execution, as html/template requires.
func (m mail) in(t lang.Tag) (mail, error) {
	text, err := m.text.Clone()
	if err != nil {
		return mail{}, err
	}
	html, err := m.html.Clone()
	if err != nil {
		return mail{}, err
	}
	return mail{text: text.Funcs(textFuncs(t)), html: html.Funcs(htmlFuncs(t))}, nil
}

// try runs m's two parts on samples, so that a broken override fails at
// Load rather than in a game.
func (m mail) try(name string, sources map[string]source, samples []any) error {
	text, html := sources[name+textSuffix], sources[name+htmlSuffix]
	for _, data := range samples {
		if err := m.text.Execute(io.Discard, data); err != nil {
			return fmt.Errorf("template %s fails on sample data: %w", text.path, err)
		}
		if err := m.html.Execute(io.Discard, data); err != nil {
			return fmt.Errorf("template %s fails on sample data: %w", html.path, err)
		}
	}
	return nil
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
// mail's text and HTML part, and the status block's.
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

// Render runs the named mail's templates in the language tag (English for
// a language pbem does not write) on data, whose type is the one
// documented for that name, and gives both parts, each ended by the status
// block of foot when foot is not nil (every mail of a game has one; the
// stranger's has none). The text part is tidied: no trailing blanks but a
// signature separator's, no more than one empty line in a row, none at the
// start, one newline at the end.
func (s *Set) Render(name string, tag lang.Tag, data any, foot *Footer) (text, html string, err error) {
	ls, ok := s.langs[tag]
	if !ok {
		ls = s.langs[lang.English]
	}
	m, ok := ls.mails[name]
	if !ok {
		return "", "", fmt.Errorf("render %q: %w", name, ErrUnknown)
	}
	buf := buffers.Get().(*bytes.Buffer)
	defer putBuffer(buf)
	if err := m.text.Execute(buf, data); err != nil {
		return "", "", fmt.Errorf("render %s text: %w", name, err)
	}
	if foot != nil {
		buf.WriteString("\n\n")
		if err := ls.footer.text.Execute(buf, foot); err != nil {
			return "", "", fmt.Errorf("render %s text: status block: %w", name, err)
		}
	}
	text = tidy(buf.Bytes())
	buf.Reset()
	if err := m.html.Execute(buf, data); err != nil {
		return "", "", fmt.Errorf("render %s html: %w", name, err)
	}
	if foot == nil {
		return text, buf.String(), nil
	}
	end := buf.Len() // the status block is written after the document, then moved into its body
	if err := ls.footer.html.Execute(buf, foot); err != nil {
		return "", "", fmt.Errorf("render %s html: status block: %w", name, err)
	}
	return text, beforeBodyEnd(buf.Bytes()[:end], buf.Bytes()[end:]), nil
}

// buffers are the buffers Render writes a mail's parts into, kept from one
// mail to the next: a part is some kilobytes, which a fresh buffer reaches
// by growing several times, for each part of every mail of every move.
var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxKeptBuffer is the largest buffer put back in buffers: one grown by an
// unusually long mail (a long history) is left to the collector rather
// than held for ever.
const maxKeptBuffer = 256 << 10

// putBuffer gives buf back to buffers, emptied, unless it grew too large.
func putBuffer(buf *bytes.Buffer) {
	if buf.Cap() > maxKeptBuffer {
		return
	}
	buf.Reset()
	buffers.Put(buf)
}

// beforeBodyEnd puts block at the end of an HTML document's body, or at its
// end when it has no closing body tag (an operator's template may not):
// the mail's HTML part, written once from the bytes rendered.
func beforeBodyEnd(doc, block []byte) string {
	i := lastTag(doc, "</body>")
	if i < 0 {
		i = len(doc)
	}
	var b strings.Builder
	b.Grow(len(doc) + len(block) + 1)
	b.Write(doc[:i])
	b.Write(block)
	b.WriteByte('\n')
	b.Write(doc[i:])
	return b.String()
}

// lastTag is the index of the last tag in doc, in any case, -1 when none:
// found without lower-casing the whole document, whose byte offsets would
// shift with a letter whose lower case is longer or shorter.
func lastTag(doc []byte, tag string) int {
	for i := len(doc) - len(tag); i >= 0; i-- {
		if doc[i] == '<' && bytes.EqualFold(doc[i:i+len(tag)], []byte(tag)) {
			return i
		}
	}
	return -1
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
