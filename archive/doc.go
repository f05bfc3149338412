// Package archive holds the shapes a finished (or running) game leaves for
// people outside the server: the JSON record of game export, versioned and
// documented in docs/archive.md, that game import reads back, and the
// self-contained HTML page that replays the game in a browser.
//
// It reads stored rows and engine states and writes bytes; it does no I/O
// of its own beyond the writer it is given, so an archive is the same
// whoever builds it.
package archive
