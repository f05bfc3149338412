package server

import "pbem/lang"

// perLang is what a mail to several readers says alike to all who read
// one language (the notation guide, the rules, the moves' events), worked
// out on first asking in each language rather than once a reader.
type perLang[T any] struct {
	of   func(lang.Tag) T
	said map[lang.Tag]T
}

// newPerLang is the perLang of what of says in a language.
func newPerLang[T any](of func(lang.Tag) T) *perLang[T] {
	return &perLang[T]{of: of, said: make(map[lang.Tag]T, 1)}
}

// in is what is said in t.
func (p *perLang[T]) in(t lang.Tag) T {
	v, ok := p.said[t]
	if !ok {
		v = p.of(t)
		p.said[t] = v
	}
	return v
}
