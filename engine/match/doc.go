// Package match plays matches between two players of any game, to measure
// how strong the computer is: the game's own computer at each level, and
// simple opponents written for the measurement (random, greedy, blocker,
// seer), each a kind of Player. A match alternates the seats game by game and
// reports each side's wins, draws and losses, the games' length, each
// side's time a move and a confidence interval on the first side's score.
//
// It is pure, as the engines are: no I/O, no clock and no global random
// source. Every choice comes from an engine.Rand seeded from the match's
// seed, so one seed replays the same match; time is read through the
// clock the caller gives (Match.Clock), none when it gives none.
//
// Matches are for two players only for now: every game is created with two
// seats (Chiffres, which takes 2 to 4, is played by 2).
package match
