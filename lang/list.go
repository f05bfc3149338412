package lang

import "strings"

// List is items in a sentence: "a", "a and b", "a, b and c" in English,
// "a, b et c" in French. Items that are messages are rendered in the
// sentence's language.
func List(items ...any) Msg {
	return Msg{Args: items, List: true}
}

// listAnd is each language's word before a list's last item.
var listAnd = map[Tag]string{English: " and ", French: " et "}

// joinList renders args as a list in t.
func joinList(args []any, t Tag) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = fmtArg(a, t)
	}
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	and, ok := listAnd[t]
	if !ok {
		and = listAnd[English]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + and + parts[len(parts)-1]
}
