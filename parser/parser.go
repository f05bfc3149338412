// Package parser turns a player's mail into commands: it reads the raw mail
// (MIME, charsets, HTML), keeps the text the player newly wrote (quoted
// history, signatures and footers dropped, in every client's and
// language's form), and reads that text line by line: a command (in English
// or French, whatever language the player reads), a mistyped command, or
// chatter, which is ignored.
package parser
