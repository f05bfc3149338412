package lang

import "sync"

// translations holds, for each language but English, the translation of
// each English format, by format. Packages fill it from their init
// functions (Register), and every sentence rendered reads it.
var translations = newCatalog()

// catalog is a set of translations that is written while the program
// starts and only read once it runs, so that rendering a sentence takes no
// lock: the first read seals it (a sync.Once), and a Register after that
// panics rather than write under a reader. Sealing and registering hold
// one mutex, so no write is under way when the seal is set, and sync.Once
// orders the sealing before every read that returns: a reader sees every
// translation registered, and the tables never change after. Package
// initialisation registers before any package's code can render, so the
// panic is a programming error (Register called from running code), which
// the tests meet at once.
type catalog struct {
	mu     sync.Mutex // held by register and by the sealing
	tables map[Tag]map[string]string
	sealed bool // under mu: the tables are read, and may no longer change
	read   func() map[Tag]map[string]string
}

// newCatalog is an empty catalog that knows French.
func newCatalog() *catalog {
	c := &catalog{tables: map[Tag]map[string]string{French: {}}}
	c.read = sync.OnceValue(func() map[Tag]map[string]string {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.sealed = true
		return c.tables
	})
	return c
}

// register is Register into c.
func (c *catalog) register(t Tag, formats map[string]string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sealed {
		panic("lang: " + string(t) + " translations registered after the first was read: register them in an init function")
	}
	table, ok := c.tables[t]
	if !ok {
		table = map[string]string{}
		c.tables[t] = table
	}
	for en, tr := range formats {
		if old, ok := table[en]; ok && old != tr {
			panic("lang: " + string(t) + " translation of " + en + " registered twice: " + old + " / " + tr)
		}
		table[en] = tr
	}
}

// Register adds the translations into t of the formats of one package,
// from English format to t's. It is for init functions: it panics once a
// translation has been read (see catalog), and on a format registered
// twice with two translations, programming errors that the tests meet at
// once.
func Register(t Tag, formats map[string]string) { translations.register(t, formats) }

// translation is Translation in c.
func (c *catalog) translation(t Tag, en string) (string, bool) {
	if t == English {
		return en, true
	}
	tr, ok := c.read()[t][en]
	return tr, ok
}

// Translation is t's translation of the English format en, if registered.
func Translation(t Tag, en string) (string, bool) { return translations.translation(t, en) }

// Registered is every English format registered for t, for the tests that
// find translations no code uses.
func Registered(t Tag) []string {
	table := translations.read()[t]
	out := make([]string, 0, len(table))
	for en := range table {
		out = append(out, en)
	}
	return out
}

// known reports whether t has a table of translations.
func known(t Tag) bool {
	_, ok := translations.read()[t]
	return ok
}
