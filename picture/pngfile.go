package picture

import (
	"encoding/binary"
	"hash/crc32"
	"image/color"
)

// pngSignature opens every PNG file.
const pngSignature = "\x89PNG\r\n\x1a\n"

// writePNG appends to out a PNG file of a w×h paletted image with 8 bits a
// pixel, palette pal, its pixel rows compressed by e from f: the IHDR,
// PLTE, one IDAT (a zlib stream: its header, one DEFLATE block, the
// Adler-32 of the rows) and IEND chunks. The rows go unfiltered (filter
// type 0): a paletted image's indices are names, not levels, and the
// copies of rows above do what the Up filter would.
func writePNG(out []byte, w, h int, e *encoder, f *frame, colours []color.RGBA) []byte {
	out = append(out, pngSignature...)
	start := beginChunk(&out, "IHDR")
	out = binary.BigEndian.AppendUint32(out, uint32(w))
	out = binary.BigEndian.AppendUint32(out, uint32(h))
	out = append(out, 8, 3, 0, 0, 0) // 8 bits, paletted, deflate, no filter method but 0, not interlaced
	endChunk(&out, start)

	adler := e.tokenize(f)
	start = beginChunk(&out, "PLTE")
	for _, g := range e.colours {
		c := colours[g]
		out = append(out, c.R, c.G, c.B)
	}
	endChunk(&out, start)

	start = beginChunk(&out, "IDAT")
	out = append(out, 0x78, 0x01) // deflate, a 32 KB window, no dictionary
	bw := bitWriter{out: out}
	e.writeBlock(&bw)
	bw.flush()
	out = binary.BigEndian.AppendUint32(bw.out, adler)
	endChunk(&out, start)

	start = beginChunk(&out, "IEND")
	endChunk(&out, start)
	return out
}

// beginChunk appends a chunk's length (filled in by endChunk) and type,
// and returns where the chunk starts.
func beginChunk(out *[]byte, kind string) int {
	start := len(*out)
	*out = append(*out, 0, 0, 0, 0)
	*out = append(*out, kind...)
	return start
}

// endChunk fills in the length of the chunk that starts at start and
// appends its CRC, of its type and data.
func endChunk(out *[]byte, start int) {
	b := *out
	binary.BigEndian.PutUint32(b[start:], uint32(len(b)-start-8))
	*out = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start+4:]))
}
