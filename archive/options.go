package archive

import (
	"maps"
	"slices"
)

// OptionPairs are a game's options as KEY=VALUE, sorted by key (nil for
// none): the one way the HTML page, the text export and the server's
// challenge mails list them, so that a game's options read alike
// wherever they are shown.
func OptionPairs(opts map[string]string) []string {
	var pairs []string
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		pairs = append(pairs, k+"="+opts[k])
	}
	return pairs
}
