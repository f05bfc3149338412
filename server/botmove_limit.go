package server

// thinking lets one computer player think at a time in the process. A
// search holds its working memory while it runs (Ludicitude's
// transposition table is 4 MiB at the default budget, up to 16 MiB), and
// the daemon's mail workers answering four games of computers at once
// would hold four of them: with 10,000 games (e2e TestServeMemoryAtScale)
// the daemon peaked at 44 MiB resident so, 38 MiB one at a time, against
// 40 MiB wanted. The moves are CPU-bound, so
// running them one after the other costs the throughput of the machine's
// other cores for computer moves alone; the people's moves, which are most
// of the mail, are still handled side by side.
var thinking = make(chan struct{}, 1)

// think runs one computer player's choice under thinking.
func think[T any](choose func() (T, error)) (T, error) {
	thinking <- struct{}{}
	defer func() { <-thinking }()
	return choose()
}
