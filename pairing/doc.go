// Package pairing makes a tournament's tables and standings: who meets
// whom in each round of a round-robin, a Swiss tournament or a knockout,
// in which seat, and who stands where with which tie-breaks. It is pure
// (no I/O, no clock, no randomness): the same entrants and games always
// give the same tables, ties broken by seed then entrant ID. The caller
// (the tournaments of the server) stores the games and says who withdrew;
// this doc is the rules' reference the players' docs link to.
//
// # Entrants, games, byes
//
// Entrants are known by the tournament's own IDs and seeded from 1 (the
// caller orders by rating, then sign-up). A table of one seat is a bye: it
// needs no play and scores a full point (ByePoints) in every format; it
// counts in Byes, not in Played, and adds nothing to the tie-breaks (there
// is no opponent). A game's tournament points are GamePoints: between two
// seats 1, ½ or 0; among N seats each seat scores a point for every seat
// placed below it and half a point for each placed equal, divided by N−1.
//
// # Round-robin
//
// Two seats a game (Validate refuses more). Everyone meets everyone once,
// by the circle (Berger) tables: n−1 rounds, or n when n is odd, each
// entrant then having one bye (the round it would meet the dummy). Round 1
// is seed 1 against n (or the dummy), 2 against n−1, and so on; seat 0 is
// balanced: every entrant moves first in half its games, give or take one.
//
// # Swiss
//
// Two to four seats a game, a number of rounds fixed at the start (with
// two seats fewer than the entrants, so that no one need meet anyone
// twice).
//
// Round 1 deals the entrants by seed to the tables as cards: between two
// seats 1 meets n/2+1, 2 meets n/2+2…; seat 0 alternates from board to
// board (board 1: the better seed moves first; board 2: the lesser one;
// at bigger tables each board turns the seats by one more).
//
// Later rounds rank the entrants by points, then seed. Between two seats,
// the best-ranked entrant not yet paired meets, within its score group
// (the unpaired entrants with its points, k of them with it), the one at
// the top of the group's lower half, then the next ones down, then back
// up the upper half; when its group cannot pair it, it floats down to the
// next group, whose best it meets first. At bigger tables the best-ranked
// entrant not yet seated fills its table from the top of the ranking.
// Two entrants never meet twice when the round can be paired otherwise:
// the pairing is the first in that order of preference with the fewest
// repeated meetings (between two seats, the fewest rematches; at bigger
// tables, the fewest pairs of entrants at one table who met before),
// found by backtracking. Between two seats the answer is exact however
// long the history (when backtracking runs long, a maximum matching of
// the entrants who have not met gives the fewest rematches and guides
// the same choices). At bigger tables a search that runs long (late
// rounds where every seating repeats meetings) ends in a greedy filling:
// the bye as above, then each table opened by the best-ranked entrant
// left and filled one by one with the entrant adding the fewest repeated
// meetings, the better ranked among equals.
//
// When the entrants do not fill the tables, one left over has a bye: the
// lowest-ranked entrant who has had no bye (or, when all have, the fewest)
// and whose bye lets the others be paired with the fewest repeated
// meetings; more left over play a smaller table, the last.
//
// Seats: at each table the one who moved first least often for the games
// it played (seats × firsts − games, firsts minus seconds between two
// seats) moves first; then the one who did not move first in its last
// game; then the one who sat later in it; then the better ranked. Seats
// never change who meets whom.
//
// # Knockout
//
// Two to four seats a game. The bracket holds the smallest power of the
// seats that fits the entrants, ceil(log_seats n) rounds, in the standard
// order (between two seats of eight: 1–8, 4–5, 2–7, 3–6), so that 1 and 2
// can meet only in the final; bracket places beyond the entrants are byes,
// which fall to the top seeds in round 1. At each table the seat with the
// most points goes on; a tie goes to the better seed, for by mail there is
// no play-off. Seats are balanced as in a Swiss tournament, the better seed
// moving first when all else is equal.
//
// # Withdrawal
//
// Entrant.Withdrawn is the last round the entrant was paired in: its game
// of that round counts as the caller recorded it (a game abandoned is
// lost), and it is paired no more. Its later games are forfeited as club
// and FIDE rules have it: in a round-robin its opponent of each later
// round has a bye (a full point, not a game, nothing in the tie-breaks);
// in a Swiss tournament it is simply no longer paired; in a knockout its
// slot is empty, so the winner it would have met goes on by a bye, and it
// is out in the round after its last. An
// entrant who withdraws before round 1 is not entered at all. Withdrawn
// entrants keep their line in the standings, marked, ranked by what they
// scored.
//
// # Standings and tie-breaks
//
// Points are the sum of the games' points and the byes. Buchholz is the sum
// over the games played of every opponent's points (a bye adds nothing);
// Sonneborn–Berger the sum over the games played and over every opponent
// of the points scored against that opponent (1 for finishing above it,
// ½ equal, 0 below) times the opponent's points. Between two seats both
// are the usual ones.
//
// Round-robin and Swiss standings order by points, then (round-robin)
// Sonneborn–Berger then Buchholz, or (Swiss) Buchholz then
// Sonneborn–Berger, then direct encounter: among entrants still equal who
// all met one another, what each scored against the others. Entrants
// equal on all of these share a place; their seeds order their lines.
//
// A knockout's standings order by how far each went: those still in
// first, then those who went out later; entrants who went out in the same
// round share a place (the semi-finals' losers are both third), their
// lines ordered by points, Buchholz, Sonneborn–Berger, then seed. Won is a
// game's best score alone, Drawn a best score shared, Lost any other.
package pairing
