package amplitude

import (
	"runtime"
	"sync"
)

// inParallel calls f(i) for every i below n, on as many goroutines as the
// process may run at once. The strong level weighs its poses each on its
// own, against racks drawn before: each f(i) writes only what is i's, so
// the choice is the one a single goroutine would make, sooner. The line
// caches it shares are safe for concurrent use.
func inParallel(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
