// Package repo holds the tests of the repository as a whole, of what no
// package owns: that the Makefile's fuzz run names every fuzz target the
// tree has, so that a new parser's target is fuzzed with the others; and
// that every import keeps the map of the house in docs/development.md,
// whose rule table (Map) and checker (Check) live here, so that a package
// reaching up, an engine losing its purity or SQL leaving the store fails
// a test rather than waiting for a reviewer.
package repo
