package draw

// fenwick counts the tickets still in the pool so the k-th one is found in
// O(log n): a pick among 100,000 tickets never rescans the pool.
type fenwick struct {
	tree  []int
	alive []bool
	total int
	step  int // highest power of two <= n
}

func newFenwick(n int) *fenwick {
	f := &fenwick{tree: make([]int, n+1), alive: make([]bool, n), total: n, step: 1}
	for i := 1; i <= n; i++ {
		f.tree[i]++
		if j := i + i&(-i); j <= n {
			f.tree[j] += f.tree[i]
		}
		f.alive[i-1] = true
	}
	for f.step*2 <= n {
		f.step *= 2
	}
	return f
}

func (f *fenwick) remove(i int) {
	if !f.alive[i] {
		return
	}
	f.alive[i] = false
	f.total--
	for j := i + 1; j < len(f.tree); j += j & (-j) {
		f.tree[j]--
	}
}

// kth returns the index of the k-th (0-based) ticket still alive.
func (f *fenwick) kth(k int) int {
	pos := 0
	for step := f.step; step > 0; step /= 2 {
		if next := pos + step; next < len(f.tree) && f.tree[next] <= k {
			pos = next
			k -= f.tree[next]
		}
	}
	return pos // tree index pos+1, slice index pos
}
