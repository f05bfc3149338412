package picture

import (
	"cmp"
	"encoding/binary"
	"math/bits"
	"slices"
)

// This file writes DEFLATE (RFC 1951) for a picture made of chunks: each
// pixel row is cut at the same places into chunks (the margin, a square's
// row, the other margin), and a chunk is an interned row of pixels, named
// by an id that is the same for the same pixels. compress/flate finds
// repeats by hashing every byte, about a millisecond for a board of 340,000
// pixels; here a chunk met before within the window (the same square's row
// above, the same digit's row in another square) is a copy found by its id
// alone, and only a chunk met for the first time is read byte by byte.

const (
	window   = 1 << 15 // the farthest a copy reaches back
	minMatch = 3
	maxMatch = 258
	endBlock = 256
)

// token is a literal, a colour number (colourTable), or, with copyFlag,
// a copy: its length less minMatch (bits 23 to 30), and its distance as
// DEFLATE writes it, a code (bits 18 to 22) and the extra bits' value
// (bits 0 to 12), worked out once when the copy is made.
type token uint32

const (
	copyFlag   token = 1 << 31
	lengthBits token = 0xff << 23
)

func copyToken(length, dist int) token {
	x := uint(dist - 1)
	dc, v := x, uint(0)
	if x >= 4 {
		top := uint(bits.Len(x)) - 1
		dc = 2*top + (x>>(top-1))&1
		v = x & (1<<(top-1) - 1)
	}
	return copyFlag | token(length-minMatch)<<23 | token(dc)<<18 | token(v)
}

func (t token) isCopy() bool { return t&copyFlag != 0 }
func (t token) length() int  { return int(t>>23&0xff) + minMatch }

// distance is how far back a copy copies from.
func (t token) distance() int {
	dc, v := int(t>>18&31), int(t&0x1fff)
	if dc < 4 {
		return dc + 1
	}
	return (2|dc&1)<<(dc/2-1) + 1 + v
}

// appendCopy appends to tokens a copy of length bytes (at least minMatch)
// as t copies (t's length left out), joined to the last token when it
// copies from as far back, and split in copies of maxMatch at most.
func appendCopy(tokens []token, length int, t token) []token {
	t &^= lengthBits
	if n := len(tokens); n > 0 && tokens[n-1]&^lengthBits == t {
		total := tokens[n-1].length() + length
		if total <= maxMatch {
			tokens[n-1] = t | token(total-minMatch)<<23
			return tokens
		}
		first := min(maxMatch, total-minMatch)
		tokens[n-1] = t | token(first-minMatch)<<23
		length = total - first
	}
	for length > maxMatch {
		take := min(maxMatch, length-minMatch)
		tokens = append(tokens, t|token(take-minMatch)<<23)
		length -= take
	}
	return append(tokens, t|token(length-minMatch)<<23)
}

// frame is a picture as the encoder reads it: sections of rows, each row
// of a section cut at the same places into chunks, each chunk a row of
// k's. A board's rows are cut at its squares, its legend's not at all.
type frame struct {
	sections []section
	k        *kit
}

// section is rows of a frame: their chunks' widths, which add up to a
// row with its filter byte, and their chunks, row after row.
type section struct {
	widths []int
	ids    []uint32
}

// encoder is the scratch of one picture's encoding, reused for the next.
type encoder struct {
	tokens []token
	ids    []uint32 // the frame's chunks, section after section
	pos    []int32  // where each starts in the stream
	met    []met    // by chunk id
	stamp  uint32
	// toIndex is each colour's index in this picture's palette, -1 until
	// it is first met; colours are the colours in that order.
	toIndex [256]int16
	colours []uint8
}

// met is what the encoder knows of a chunk id in the picture it encodes:
// whether it was met (seen equals the encoder's stamp), the last chunk it
// was, and its Adler-32 sums in the picture's palette.
type met struct {
	seen, sums uint32
	last       int32
}

// reset readies e for a picture whose chunks' ids are below n.
func (e *encoder) reset(n int) {
	e.tokens = e.tokens[:0]
	e.colours = e.colours[:0]
	for i := range e.toIndex {
		e.toIndex[i] = -1
	}
	if len(e.met) < n {
		e.met = slices.Grow(e.met[:0], n)[:n]
		clear(e.met)
		e.stamp = 0
	}
	e.stamp++
	if e.stamp == 0 { // wrapped: forget every stamp
		clear(e.met)
		e.stamp = 1
	}
}

// tokenize turns f into tokens and returns the Adler-32 of the bytes they
// stand for, the rows of palette indices with their filter bytes.
func (e *encoder) tokenize(f *frame) uint32 {
	const mod = 65521
	ids, pos := e.ids[:0], e.pos[:0]
	p := int32(0)
	for _, s := range f.sections {
		ids = append(ids, s.ids...)
		for len(pos) < len(ids) {
			for _, w := range s.widths {
				pos = append(pos, p)
				p += int32(w)
			}
		}
	}
	e.ids, e.pos = ids, pos
	table := &f.k.rows
	tokens := e.tokens[:0]
	known, stamp, toIndex := e.met, e.stamp, &e.toIndex
	sa, sb := uint64(1), uint64(0) // the Adler-32 of the stream so far
	src := -1                      // the chunk the last chunk copied, -1 for none
	i := 0                         // the chunk in ids
	for _, s := range f.sections {
		n, widths := len(s.widths), s.widths
		rowLen := int(pos[i+n-1]-pos[i]) + widths[n-1]
		var ra, rb uint64 // the Adler-32 sums of the row before, alone
		for y := 0; y < len(s.ids)/n; y++ {
			// The row above, within reach; a picture is far narrower.
			above := y > 0 && rowLen <= window
			if above && slices.Equal(ids[i:i+n], ids[i-n:i]) {
				// A row like the one above: one copy, the same sums.
				tokens = appendCopy(tokens, rowLen, copyToken(minMatch, rowLen))
				for _, id := range ids[i : i+n] {
					known[id].last = int32(i)
					i++
				}
				src = i - 1 - n
				sb = (sb + uint64(rowLen)*sa + rb) % mod
				sa = (sa + ra) % mod
				continue
			}
			ra, rb = 0, 0
			for _, w := range widths {
				id := ids[i]
				switch {
				case src >= 0 && ids[src+1] == id:
					// The chunk after the one copied last: the copy goes on.
					src++
					if t := tokens[len(tokens)-1]; t.length()+w <= maxMatch {
						tokens[len(tokens)-1] = t + token(w)<<23
					} else {
						tokens = appendCopy(tokens, w, t)
					}
				case known[id].seen == stamp:
					from := -1
					if above {
						from = i - n
					}
					if from = e.source(i, from); from >= 0 {
						src = from
						tokens = appendCopy(tokens, w, copyToken(minMatch, int(pos[i]-pos[src])))
						break
					}
					fallthrough
				default:
					src = -1
					up, prev := -1, -1
					if above {
						up = int(ids[i-n])
					}
					if i > 0 {
						prev = int(table.last[ids[i-1]])
					}
					lit := f.k.literals(id, up, prev, rowLen)
					for _, g := range lit.tokens[len(lit.tokens):cap(lit.tokens)] {
						if toIndex[g] < 0 {
							toIndex[g] = int16(len(e.colours))
							e.colours = append(e.colours, uint8(g))
						}
					}
					if t := lit.tokens[0]; t.isCopy() {
						tokens = appendCopy(tokens, t.length(), t)
					} else {
						tokens = append(tokens, t)
					}
					tokens = append(tokens, lit.tokens[1:]...)
					if known[id].seen != stamp {
						// The chunk's Adler-32 sums from its colours' counts
						// and weights, in this picture's palette.
						var a, b uint32
						for _, cw := range table.weightsOf(id) {
							x := uint32(toIndex[cw.colour])
							a += uint32(cw.count) * x
							b += cw.weight * x
						}
						known[id].sums = a%mod | (b%mod)<<16
						known[id].seen = stamp
					}
				}
				known[id].last = int32(i)
				sum := known[id].sums
				rb += uint64(w)*ra + uint64(sum>>16)
				ra += uint64(sum & 0xffff)
				i++
			}
			ra, rb = ra%mod, rb%mod
			sb = (sb + uint64(rowLen)*sa + rb) % mod
			sa = (sa + ra) % mod
		}
	}
	e.tokens = tokens
	return uint32(sb<<16 | sa)
}

// source is the chunk that chunk i, met before, is copied from, -1 for
// none: the one above (-1 for none) when it is the same, for the chunks
// after it then often are too and one copy covers them all; else the last
// one met like it, when within the window.
func (e *encoder) source(i, above int) int {
	ids, pos := e.ids, e.pos
	id := ids[i]
	if above >= 0 && ids[above] == id {
		return above
	}
	if s := int(e.met[id].last); pos[i]-pos[s] <= window {
		return s
	}
	return -1
}

// chunkTokens is chunk written alone, as a chunk met for the first time
// is: colour numbers and copies of what came before within it (runs of
// one colour are copies from 1 back, a glyph met again in a legend's row
// one from further), or of the chunk above, rowLen back (above is nil in
// a section's first row). prev is the byte before it, -1 for none. It
// takes the longest copy at each place.
//
// Its tokens depend on the chunk's pixels alone, not on the numbers the
// kit gave their colours, which depend on the pictures drawn before: the
// places that share a hash, and so the copies the bounded search finds,
// are those of the chunk's colours renumbered in the order they first
// appear in it. The same diagram then gives the same bytes in any
// process, whatever it drew before.
func chunkTokens(chunk, above []byte, prev, rowLen int) []token {
	const (
		hashBits = 10
		tries    = 16 // the earlier places of a hash looked at, at most
	)
	var head [1 << hashBits]int32 // the last place each hash began at, +1
	chain := make([]int32, len(chunk))
	local := make([]byte, len(chunk)) // the chunk in its own numbering
	var number [256]uint16            // a colour's own number, +1
	next := uint16(0)
	for j, c := range chunk {
		if number[c] == 0 {
			next++
			number[c] = next
		}
		local[j] = byte(number[c] - 1)
	}
	hash := func(j int) uint32 {
		return (uint32(local[j]) | uint32(local[j+1])<<8 | uint32(local[j+2])<<16) * 2654435761 >> (32 - hashBits)
	}
	var out []token
	for j := 0; j < len(chunk); {
		run, up, far, dist := 0, 0, 0, 0
		if j > 0 {
			run = runOf(chunk[j:], chunk[j-1])
		} else if prev >= 0 {
			run = runOf(chunk, uint8(prev))
		}
		if above != nil {
			up = commonPrefix(chunk[j:], above[j:])
		}
		if j+minMatch <= len(chunk) {
			for k, t := head[hash(j)], 0; k > 0 && t < tries; k, t = chain[k-1], t+1 {
				if from := int(k - 1); j-from > 1 && j-from <= window {
					if l := commonPrefix(chunk[j:], chunk[from:]); l > far {
						far, dist = l, j-from
					}
				}
			}
		}
		take := 1
		switch {
		case run >= minMatch && run >= up && run >= far:
			out = appendCopy(out, run, copyToken(minMatch, 1))
			take = run
		case far >= minMatch && far >= up:
			out = appendCopy(out, far, copyToken(minMatch, dist))
			take = far
		case up >= minMatch:
			out = appendCopy(out, up, copyToken(minMatch, rowLen))
			take = up
		default:
			out = append(out, token(chunk[j]))
		}
		for end := j + take; j < end; j++ {
			if j+minMatch <= len(chunk) {
				h := hash(j)
				chain[j] = head[h]
				head[h] = int32(j + 1)
			}
		}
	}
	return out
}

// commonPrefix is how many bytes a and b begin with alike.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// runOf is how many bytes s begins with that are v.
func runOf(s []byte, v uint8) int {
	word := uint64(v) * 0x0101010101010101
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if x := binary.LittleEndian.Uint64(s[i:]) ^ word; x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for i < len(s) && s[i] == v {
		i++
	}
	return i
}

// The length and distance codes of RFC 1951 3.2.5: a length's code and
// extra bits, a distance's.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	// lengthCode is the code of each length less minMatch, less 257.
	lengthCode = func() (t [256]uint8) {
		for c := range 28 {
			for l := lengthBase[c]; l < lengthBase[c+1] && l <= maxMatch; l++ {
				t[l-minMatch] = uint8(c)
			}
		}
		t[maxMatch-minMatch] = 28
		return t
	}()
)

// writeBlock writes e's tokens as one final block with its own Huffman
// codes, and the end of the block.
func (e *encoder) writeBlock(w *bitWriter) {
	var colourFreq [256]int32
	var litFreq [286]int32
	var distFreq [32]int32
	for _, t := range e.tokens {
		if t < 256 {
			colourFreq[uint8(t)]++
			continue
		}
		litFreq[257+int(lengthCode[uint8(t>>23)])]++
		distFreq[t>>18&31]++
	}
	for g, f := range colourFreq {
		if f > 0 {
			litFreq[e.toIndex[g]] = f
		}
	}
	litFreq[endBlock]++
	atLeastTwo(litFreq[:])
	atLeastTwo(distFreq[:30])
	var litLen [286]uint8
	var distLen [32]uint8
	huffmanLengths(litFreq[:], 15, litLen[:])
	huffmanLengths(distFreq[:30], 15, distLen[:30])
	var litCode [286]uint16
	var distCodes [32]uint16
	canonical(litLen[:], litCode[:])
	canonical(distLen[:30], distCodes[:30])

	nlit := 257
	for i := len(litLen) - 1; i >= 257; i-- {
		if litLen[i] != 0 {
			nlit = i + 1
			break
		}
	}
	ndist := 1
	for i := 29; i >= 1; i-- {
		if distLen[i] != 0 {
			ndist = i + 1
			break
		}
	}
	w.bits(1|2<<1, 3) // the last block, dynamic codes
	writeLengths(w, append(litLen[:nlit:nlit], distLen[:ndist]...), nlit, ndist)

	// Each colour's code, and each length's with its extra bits after it:
	// the code in the low 24 bits, its length in bits above.
	var colourCode, lenCode [256]uint32
	for g, x := range e.toIndex {
		if x >= 0 {
			colourCode[g] = uint32(litCode[x]) | uint32(litLen[x])<<24
		}
	}
	for l := range lenCode {
		lc := lengthCode[l]
		sym := 257 + int(lc)
		lenCode[l] = (uint32(litCode[sym]) | uint32(l+minMatch-int(lengthBase[lc]))<<litLen[sym]) |
			uint32(litLen[sym]+lengthExtra[lc])<<24
	}
	// Each distance code with its extra bits' count, its code's length
	// and the code, by distance code.
	var distCode [32]uint64
	for dc := range 30 {
		extra := uint64(0)
		if dc >= 4 {
			extra = uint64(dc/2 - 1)
		}
		distCode[dc] = uint64(distCodes[dc]) | uint64(distLen[dc])<<32 | (uint64(distLen[dc])+extra)<<40
	}
	// After each token the whole bytes of acc go out, eight written and
	// as many kept as are whole, so that fewer than 8 bits wait and a
	// copy's 48 bits at most fit after them; out has room for the longest
	// codes and the 8 bytes written past the end.
	start := len(w.out)
	out := slices.Grow(w.out, len(e.tokens)*6+16)[:start+len(e.tokens)*6+16]
	at, acc, n := start, w.acc, w.n
	for n >= 8 { // the header's bits
		out[at] = byte(acc)
		at++
		acc >>= 8
		n -= 8
	}
	for _, t := range e.tokens {
		if t < 256 {
			c := colourCode[uint8(t)]
			acc |= uint64(c&0xffffff) << (n & 63)
			n += uint(c >> 24)
		} else {
			c := lenCode[uint8(t>>23)]
			d := distCode[t>>18&31]
			acc |= uint64(c&0xffffff) << (n & 63)
			n += uint(c >> 24)
			acc |= (d&0xffff | uint64(t&0x1fff)<<(d>>32&63)) << (n & 63)
			n += uint(d >> 40)
		}
		binary.LittleEndian.PutUint64(out[at:at+8], acc)
		at += int(n >> 3)
		acc >>= n &^ 7 & 63
		n &= 7
	}
	out = out[:at]
	w.out, w.acc, w.n = out, acc, n
	w.bits(uint64(litCode[endBlock]), uint(litLen[endBlock]))
}

// atLeastTwo gives a code of fewer than two symbols a second one, so that
// each code is complete, as every inflater accepts.
func atLeastTwo(freq []int32) {
	used := 0
	for _, f := range freq {
		if f > 0 {
			used++
		}
	}
	for i := 0; used < 2; i++ {
		if freq[i] == 0 {
			freq[i] = 1
			used++
		}
	}
}

// codeOrder is the order the code length code's lengths are written in.
var codeOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// writeLengths writes a dynamic block's header after its first three
// bits: the counts, the code length code, then lens (the literal and
// length code's, then the distance code's) in it, runs shortened.
func writeLengths(w *bitWriter, lens []uint8, nlit, ndist int) {
	// Runs as code length symbols: 0-15 a length, 16 the last length
	// again 3-6 times, 17 zero 3-10 times, 18 zero 11-138 times.
	type sym struct{ code, extra uint8 }
	var syms []sym
	for i := 0; i < len(lens); {
		l := lens[i]
		run := 1
		for i+run < len(lens) && lens[i+run] == l {
			run++
		}
		i += run
		if l == 0 {
			for run >= 11 {
				n := min(run, 138)
				syms = append(syms, sym{18, uint8(n - 11)})
				run -= n
			}
			if run >= 3 {
				syms = append(syms, sym{17, uint8(run - 3)})
				run = 0
			}
		} else {
			syms = append(syms, sym{l, 0})
			run--
			for run >= 3 {
				n := min(run, 6)
				syms = append(syms, sym{16, uint8(n - 3)})
				run -= n
			}
		}
		for ; run > 0; run-- {
			syms = append(syms, sym{l, 0})
		}
	}
	var freq [19]int32
	for _, s := range syms {
		freq[s.code]++
	}
	atLeastTwo(freq[:])
	var clLen [19]uint8
	var clCode [19]uint16
	huffmanLengths(freq[:], 7, clLen[:])
	canonical(clLen[:], clCode[:])
	nclen := 4
	for i := 18; i >= 4; i-- {
		if clLen[codeOrder[i]] != 0 {
			nclen = i + 1
			break
		}
	}
	w.bits(uint64(nlit-257)|uint64(ndist-1)<<5|uint64(nclen-4)<<10, 14)
	for _, c := range codeOrder[:nclen] {
		w.bits(uint64(clLen[c]), 3)
	}
	extraBits := [19]uint{16: 2, 17: 3, 18: 7}
	for _, s := range syms {
		w.bits(uint64(clCode[s.code])|uint64(s.extra)<<clLen[s.code], uint(clLen[s.code])+extraBits[s.code])
	}
}

// huffmanLengths sets lens to the lengths of a Huffman code for freq, none
// longer than limit: when the best code is too deep, the frequencies are
// flattened (halved, none to zero) until it is not.
func huffmanLengths(freq []int32, limit uint8, lens []uint8) {
	const most = 286 // the largest alphabet, literals and lengths
	var weights [most]int64
	var leafBuf [most]uint16
	leaves := leafBuf[:0] // the symbols used, rarest first
	for s, f := range freq {
		lens[s] = 0
		weights[s] = int64(f)
		if f > 0 {
			leaves = append(leaves, uint16(s))
		}
	}
	slices.SortStableFunc(leaves, func(a, b uint16) int { return cmp.Compare(weights[a], weights[b]) })
	var nodeWeight [2 * most]int64
	var parent [2 * most]int16
	var depth [2 * most]uint8
	for {
		nodes := len(leaves)
		for i, s := range leaves {
			nodeWeight[i] = weights[s]
		}
		// Two queues: the leaves, and the inner nodes in the order made,
		// which is by weight too.
		leaf, inner := 0, len(leaves)
		smallest := func() int {
			if leaf < len(leaves) && (inner >= nodes || nodeWeight[leaf] <= nodeWeight[inner]) {
				leaf++
				return leaf - 1
			}
			inner++
			return inner - 1
		}
		for range len(leaves) - 1 {
			a, b := smallest(), smallest()
			nodeWeight[nodes] = nodeWeight[a] + nodeWeight[b]
			parent[a], parent[b] = int16(nodes), int16(nodes)
			nodes++
		}
		depth[nodes-1] = 0
		deepest := uint8(0)
		for i := nodes - 2; i >= 0; i-- {
			depth[i] = depth[parent[i]] + 1
			if i < len(leaves) {
				deepest = max(deepest, depth[i])
			}
		}
		if deepest <= limit {
			for i, s := range leaves {
				lens[s] = depth[i]
			}
			return
		}
		// Halving keeps the leaves in order.
		for _, s := range leaves {
			weights[s] = (weights[s] + 1) / 2
		}
	}
}

// canonical sets codes to the canonical Huffman code of lens, each code's
// bits reversed, as DEFLATE writes them from the least significant bit.
func canonical(lens []uint8, codes []uint16) {
	var count [16]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [16]uint16
	code := uint16(0)
	for l := 1; l < 16; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	for s, l := range lens {
		if l == 0 {
			continue
		}
		codes[s] = bits.Reverse16(next[l]) >> (16 - l)
		next[l]++
	}
}

// bitWriter packs codes from the least significant bit, as DEFLATE does.
type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

// bits writes the n low bits of v, n at most 32.
func (w *bitWriter) bits(v uint64, n uint) {
	w.acc |= v << w.n
	w.n += n
	if w.n >= 32 {
		w.out = binary.LittleEndian.AppendUint32(w.out, uint32(w.acc))
		w.acc >>= 32
		w.n -= 32
	}
}

// flush writes the bits left, the last byte padded with zeros.
func (w *bitWriter) flush() {
	for w.n > 0 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n -= min(w.n, 8)
	}
	w.acc = 0
}
