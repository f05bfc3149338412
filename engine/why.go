package engine

import "pbem/lang"

// ExplainingBot is a LeveledBot that can say, in a line of the move's
// mail, why its computer player chose its move ("One of its 28 moves with
// the best score.", "Threatens to capture d5 (c3-c5)."), where the level
// can say it cheaply and truly. The move is always the one BotMoveAt
// gives for the same arguments: the line explains the choice, never
// changes it. A zero message says nothing, which is what a level without
// a reason worth telling (easy, which plays by feel) says.
type ExplainingBot interface {
	LeveledBot
	BotMoveWhy(seat int, level Level, seed uint64) (Move, lang.Msg, error)
}

// BotMoveWhy is BotMoveAt with the line that explains the move: the
// state's own (ExplainingBot), or none.
func BotMoveWhy(st State, seat int, level Level, seed uint64) (Move, lang.Msg, error) {
	if eb, ok := st.(ExplainingBot); ok {
		return eb.BotMoveWhy(seat, level, seed)
	}
	m, err := BotMoveAt(st, seat, level, seed)
	return m, lang.Msg{}, err
}

// PointsMoveWhy is BotMoveWhy for a game of points, from what BotMoveAt
// gave (move, err): easy, which plays by feel, says nothing; normal and
// strong say PointsWhy of the candidates' scores (cands, in the order the
// level weighs them), played telling the candidate that is move (none for
// a move that is no candidate, an exchange or a pass: nothing is said);
// strong adds the reply its best would have left the opponent, as reply
// (the level's own look ahead, drawn as strong first drew it) says; nil
// where strong weighs more than the reply, and says nothing then of a
// move below its best.
func PointsMoveWhy[M any](move Move, err error, level Level, cands func() []M, score func(M) int, played func(M) bool, reply func(M) float64) (Move, lang.Msg, error) {
	if err != nil || level == LevelEasy {
		return move, lang.Msg{}, err
	}
	cs := cands()
	scores := make([]int, len(cs))
	chosen := 0
	for i, c := range cs {
		scores[i] = score(c)
		if played(c) {
			chosen = scores[i]
		}
	}
	var topReply func(int) float64
	if level == LevelStrong && reply != nil {
		topReply = func(i int) float64 { return reply(cs[i]) }
	}
	return move, PointsWhy(scores, chosen, topReply), nil
}

// PointsWhy is the line explaining a computer's choice in a game of
// points, from scores, the scores of the moves it weighed (in the order
// it found them), and chosen, the score of the one it played: where that
// score stands among them ("One of its 28 moves with the best score."),
// or, when it is below the best, the reply the best would have left the
// opponent as topReply says it (strong's reason to pass it over).
// topReply is the opponent's expected best reply after the move scores[i]
// is the score of, asked only for the first best move; nil where the
// level does not weigh replies. The line is empty where it would say
// nothing true: a chosen move that scores nothing or is not among scores,
// or one passed over for a reason the reply does not show.
func PointsWhy(scores []int, chosen int, topReply func(i int) float64) lang.Msg {
	best, top, ties, scoring := 0, -1, 0, 0
	for i, sc := range scores {
		if sc > 0 {
			scoring++
		}
		switch {
		case sc > best:
			best, top, ties = sc, i, 1
		case sc == best && sc > 0:
			ties++
		}
	}
	switch {
	case chosen <= 0 || chosen > best:
		return lang.Msg{}
	case chosen < best:
		if topReply == nil {
			return lang.Msg{}
		}
		reply := topReply(top)
		// A reply worth less than the points given up explains nothing.
		if reply < float64(best-chosen) {
			return lang.Msg{}
		}
		r := int(reply + 0.5)
		return lang.Plural(r, "Scores %d rather than %d: the %d-point move would leave the opponent a reply worth about %d point.",
			"Scores %d rather than %d: the %d-point move would leave the opponent a reply worth about %d points.", chosen, best, best, r)
	case ties > 1:
		return lang.T("One of its %d moves with the best score.", ties)
	case scoring == 1:
		return lang.T("Its only move that scores.")
	}
	return lang.T("The best score of its %d moves that score.", scoring)
}
