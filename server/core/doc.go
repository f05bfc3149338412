// Package core holds what package server and its feature packages
// (server/ratings, …) share: the game in hand as the server loaded it.
// The features cannot import package server, which imports them to route
// mail to them; they reach the server's core through the small interfaces
// each declares, which the server's kit satisfies. core imports nothing of
// the server (docs/development.md has the map).
package core
