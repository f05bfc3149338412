// Package repo holds the tests of the repository as a whole, of what no
// package owns: that the Makefile's fuzz run names every fuzz target the
// tree has, so that a new parser's target is fuzzed with the others.
package repo
