package server

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/store"
)

// Fresh boards. The replayed benchmarks play one seeded game again and
// again: after the first round every board they make was drawn already
// and every position met, so they measure neither a picture's drawing nor
// a position's first computation. A live server meets a new board with
// nearly every move. freshBoards plays moves of games each made from a
// seed of its own, a move of another game each iteration, so that every
// move leaves a board no earlier one left; with finish, the mails the
// move queued are finished as the sender finishes them
// (Server.FinishMail, their pictures drawn in, or taken as the draw-ahead
// left them), within the iteration, so that the drawing is measured
// whether it ran ahead on the other core or is done when the mail goes.
//
// The games' moves are the computer players', computed in a child
// process (freshScripts): computed here, they would leave every position
// the benchmark then plays in the engine's memory, met already.

// freshPool is how many games a pool holds: the iterations take them in
// turn, a move each.
const freshPool = 8

// freshBoards hands out the fresh moves of one benchmark.
type freshBoards struct {
	b       *testing.B
	srv     *Server
	st      *store.Store
	headers []string
	pool    []*freshGame
	turn    int
}

// freshGame is a game of the pool, its moves as the computer players
// would play them and the next to play.
type freshGame struct {
	g     store.Game
	seats []int
	texts []string
	next  int
}

// newFreshBoards plays fresh moves through srv, each reply mail with
// headers.
func newFreshBoards(b *testing.B, srv *Server, st *store.Store, headers []string) *freshBoards {
	return &freshBoards{b: b, srv: srv, st: st, headers: headers}
}

// next is the reply mail of the next fresh move. When the pool has none
// left it makes another, the timer stopped: its games created, their
// moves computed by the computer player, their invitations sent.
func (f *freshBoards) next() []byte {
	for range 2 {
		for range len(f.pool) {
			fg := f.pool[f.turn%len(f.pool)]
			f.turn++
			if fg.next < len(fg.texts) {
				fg.next++
				return replyMail(f.b, fg.g, fg.next-1, fg.seats[fg.next-1], fg.texts[fg.next-1], f.headers)
			}
		}
		f.b.StopTimer()
		f.fill()
		f.b.StartTimer()
	}
	f.b.Fatal("a fresh pool of games has no move")
	return nil
}

// fill makes a new pool of games.
func (f *freshBoards) fill() {
	ctx := context.Background()
	seeds := make([]uint64, freshPool)
	for i := range seeds {
		seeds[i] = freshSeed.Add(1)
	}
	f.pool, f.turn = f.pool[:0], 0
	for i, script := range freshScripts(f.b, seeds) {
		id, err := f.srv.Create(ctx, twoPlayers(seeds[i]))
		require.NoError(f.b, err)
		g, err := f.st.Game(ctx, id)
		require.NoError(f.b, err)
		f.pool = append(f.pool, &freshGame{g: g, seats: script.Seats, texts: script.Texts})
	}
	sendQueued(f.b, f.srv, f.st)
}

// freshSeed is the last seed a fresh game took: no two games of the
// process share one, whichever benchmark made them.
var freshSeed atomic.Uint64

func init() { freshSeed.Store(1 << 20) }

// freshScript is a game as the computer players play it: each move's
// seat and canonical text.
type freshScript struct {
	Seats []int
	Texts []string
}

// freshScriptsEnv, set in a child process, asks it for the games of the
// seeds it lists (comma-separated), written as JSON to the file it names
// first: "path,seed,seed…".
const freshScriptsEnv = "PBEM_FRESH_SCRIPTS"

// freshScripts are the computer players' games of seeds, computed by
// this test binary run again as a child process.
func freshScripts(tb testing.TB, seeds []uint64) []freshScript {
	path := filepath.Join(tb.TempDir(), "scripts.json")
	spec := []string{path}
	for _, s := range seeds {
		spec = append(spec, strconv.FormatUint(s, 10))
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), freshScriptsEnv+"="+strings.Join(spec, ","))
	out, err := cmd.CombinedOutput()
	require.NoError(tb, err, "%s", out)
	data, err := os.ReadFile(path)
	require.NoError(tb, err)
	var scripts []freshScript
	require.NoError(tb, json.Unmarshal(data, &scripts))
	require.Len(tb, scripts, len(seeds))
	return scripts
}

// TestMain runs the tests, or, in a child process of freshScripts, writes
// the games it asks for.
func TestMain(m *testing.M) {
	if spec := os.Getenv(freshScriptsEnv); spec != "" {
		os.Exit(writeFreshScripts(spec))
	}
	os.Exit(m.Run())
}

// writeFreshScripts writes the games spec asks for (see freshScriptsEnv)
// and returns the process's exit status.
func writeFreshScripts(spec string) int {
	parts := strings.Split(spec, ",")
	var scripts []freshScript
	for _, p := range parts[1:] {
		seed, err := strconv.ParseUint(p, 10, 64)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		var s freshScript
		s.Seats, s.Texts = botGameTexts(panicTB{}, seed)
		scripts = append(scripts, s)
	}
	data, err := json.Marshal(scripts)
	if err == nil {
		err = os.WriteFile(parts[0], data, 0o600)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// panicTB is the testing.TB of a child process that runs no test: a
// failure panics, which exits the child with its message.
type panicTB struct{ testing.TB }

func (panicTB) Helper()                           {}
func (panicTB) Errorf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }
func (panicTB) FailNow()                          { panic("failed") }

// play handles mail, a reply that plays a move; with finish, the mails it
// queued are finished within the timer, else with the timer stopped.
// Either way they are then marked sent, the timer stopped, so that no
// picture of this move is left to draw in a later iteration.
func (f *freshBoards) play(mail []byte, finish bool) {
	if v, err := f.srv.HandleMail(context.Background(), mail); err != nil || v != mailer.Accepted {
		f.b.Fatalf("a fresh move: %v %v", v, err)
	}
	if !finish {
		f.b.StopTimer()
	}
	ids := finishQueued(f.b, f.srv, f.st)
	if finish {
		f.b.StopTimer()
	}
	require.NoError(f.b, f.st.MarkSent(context.Background(), ids...))
	f.b.StartTimer()
}

// finishQueued does with the mails waiting in the outbox what the sender
// does before it sends them: reads them and finishes each, its board
// pictures drawn in (FinishMail). It returns their IDs.
func finishQueued(tb testing.TB, srv *Server, st *store.Store) []int64 {
	ctx := context.Background()
	due, err := st.DueMails(ctx, time.Now().Add(time.Hour), 1000)
	require.NoError(tb, err)
	ids := make([]int64, len(due))
	for i, m := range due {
		_, err := srv.FinishMail(ctx, m.Raw)
		require.NoError(tb, err)
		ids[i] = m.ID
	}
	return ids
}

// sendQueued finishes the mails waiting and marks them sent.
func sendQueued(tb testing.TB, srv *Server, st *store.Store) {
	ids := finishQueued(tb, srv, st)
	require.NoError(tb, st.MarkSent(context.Background(), ids...))
}

// benchmarkFresh plays a fresh move an iteration through srv, each reply
// mail with headers: the move through HandleMail, then, with finish, its
// mails finished as the sender does within the iteration (every picture
// drawn, ahead or at once, measured); without, they are finished with the
// timer stopped (the first computation of each position measured, the
// drawing not).
func benchmarkFresh(b *testing.B, srv *Server, st *store.Store, headers []string, finish bool) {
	b.ReportAllocs()
	f := newFreshBoards(b, srv, st, headers)
	for b.Loop() {
		f.play(f.next(), finish)
	}
}
