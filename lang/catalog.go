package lang

import "sync"

// translations holds, for each language but English, the translation of
// each English format, by format. Packages fill it at init (Register) and
// only read it afterwards.
var (
	mu           sync.RWMutex
	translations = map[Tag]map[string]string{French: {}}
)

// Register adds the translations into t of the formats of one package,
// from English format to t's. It panics on a format registered twice with
// two translations, a programming error that the tests meet at once.
func Register(t Tag, formats map[string]string) {
	mu.Lock()
	defer mu.Unlock()
	table, ok := translations[t]
	if !ok {
		table = map[string]string{}
		translations[t] = table
	}
	for en, tr := range formats {
		if old, ok := table[en]; ok && old != tr {
			panic("lang: " + string(t) + " translation of " + en + " registered twice: " + old + " / " + tr)
		}
		table[en] = tr
	}
}

// Translation is t's translation of the English format en, if registered.
func Translation(t Tag, en string) (string, bool) {
	if t == English {
		return en, true
	}
	mu.RLock()
	defer mu.RUnlock()
	tr, ok := translations[t][en]
	return tr, ok
}

// Registered is every English format registered for t, for the tests that
// find translations no code uses.
func Registered(t Tag) []string {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]string, 0, len(translations[t]))
	for en := range translations[t] {
		out = append(out, en)
	}
	return out
}

// known reports whether t has a table of translations.
func known(t Tag) bool {
	mu.RLock()
	defer mu.RUnlock()
	_, ok := translations[t]
	return ok
}
