package ludicitude

import "pbem/lang"

// The French of the line that explains a computer's move (explain.go).
func init() {
	lang.Register(lang.French, map[string]string{
		"Threatens to capture %s.": "Menace de capturer %s.",
		"%s (%s)":                  "%s (%s)",
		"more":                     "d'autres",
		"Saves %s from capture.":   "Met %s à l'abri d'une capture.",
		"%s %s":                    "%s %s",
	})
}
