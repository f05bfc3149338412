package pairing

// maxMatching is the size of a maximum matching of the graph of n
// vertices whose edges edge says, by Edmonds' blossom algorithm (after a
// greedy start): O(n³), a millisecond for 64 players.
func maxMatching(n int, edge func(a, b int) bool) int {
	adj := make([][]bool, n)
	for a := range adj {
		adj[a] = make([]bool, n)
		for b := range adj[a] {
			adj[a][b] = a != b && edge(a, b)
		}
	}
	match := make([]int, n)
	for i := range match {
		match[i] = -1
	}
	size := 0
	for a := range n { // greedy start
		for b := a + 1; b < n && match[a] < 0; b++ {
			if adj[a][b] && match[b] < 0 {
				match[a], match[b] = b, a
				size++
			}
		}
	}
	m := blossoms{adj: adj, match: match, p: make([]int, n), base: make([]int, n),
		used: make([]bool, n), blossom: make([]bool, n), mark: make([]bool, n)}
	for root := range n {
		if match[root] >= 0 {
			continue
		}
		if v := m.augmenting(root); v >= 0 {
			size++
			for v >= 0 {
				pv := m.p[v]
				next := match[pv]
				match[v], match[pv] = pv, v
				v = next
			}
		}
	}
	return size
}

// blossoms is the state of Edmonds' search for an augmenting path.
type blossoms struct {
	adj                   [][]bool
	match, p, base, queue []int
	used, blossom, mark   []bool
}

// augmenting searches an augmenting path from root, a free vertex, and
// returns its other end (-1 for none); p holds the path.
func (m *blossoms) augmenting(root int) int {
	n := len(m.adj)
	for i := range n {
		m.used[i], m.p[i], m.base[i] = false, -1, i
	}
	m.used[root] = true
	m.queue = append(m.queue[:0], root)
	for qh := 0; qh < len(m.queue); qh++ {
		v := m.queue[qh]
		for to := range n {
			if !m.adj[v][to] || m.base[v] == m.base[to] || m.match[v] == to {
				continue
			}
			if to == root || m.match[to] >= 0 && m.p[m.match[to]] >= 0 {
				cur := m.lca(v, to)
				clear(m.blossom)
				m.markPath(v, cur, to)
				m.markPath(to, cur, v)
				for i := range n {
					if m.blossom[m.base[i]] {
						m.base[i] = cur
						if !m.used[i] {
							m.used[i] = true
							m.queue = append(m.queue, i)
						}
					}
				}
			} else if m.p[to] < 0 {
				m.p[to] = v
				if m.match[to] < 0 {
					return to
				}
				m.used[m.match[to]] = true
				m.queue = append(m.queue, m.match[to])
			}
		}
	}
	return -1
}

// lca is the base of the blossom the edge a–b closes.
func (m *blossoms) lca(a, b int) int {
	clear(m.mark)
	for {
		a = m.base[a]
		m.mark[a] = true
		if m.match[a] < 0 {
			break
		}
		a = m.p[m.match[a]]
	}
	for {
		b = m.base[b]
		if m.mark[b] {
			return b
		}
		b = m.p[m.match[b]]
	}
}

// markPath marks the blossom from v down to its base b.
func (m *blossoms) markPath(v, b, child int) {
	for m.base[v] != b {
		m.blossom[m.base[v]] = true
		m.blossom[m.base[m.match[v]]] = true
		m.p[v] = child
		child = m.match[v]
		v = m.p[m.match[v]]
	}
}
