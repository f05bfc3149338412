package mailer

// appendQP appends src to dst encoded as quoted-printable (RFC 2045),
// byte for byte what mime/quotedprintable's Writer writes (not Binary,
// then Closed): lines of at most 76 characters with soft breaks, line
// breaks as CRLF, '=', controls and bytes past ASCII as =XX, a space or tab
// before a line break encoded. The standard Writer handles each byte by
// itself, through a buffer, which made it a tenth of composing a mail;
// here a run of plain bytes is copied at once.
func appendQP[T string | []byte](dst []byte, src T) []byte {
	const lineMax = 76 // characters a line, its soft break's '=' included
	var (
		line [lineMax + 2]byte
		i    int  // bytes in line
		cr   bool // the last line break was a '\r', whose '\n' is not another
	)
	flush := func() {
		dst = append(dst, line[:i]...)
		i = 0
	}
	crlf := func() {
		line[i], line[i+1] = '\r', '\n'
		i += 2
		flush()
	}
	soft := func() {
		line[i] = '='
		i++
		crlf()
	}
	encode := func(b byte) {
		if lineMax-1-i < 3 {
			soft()
		}
		line[i], line[i+1], line[i+2] = '=', upperHex[b>>4], upperHex[b&0x0f]
		i += 3
	}
	lastSpace := func() { // a space or tab before a line break is encoded
		if i > 0 && (line[i-1] == ' ' || line[i-1] == '\t') {
			i--
			encode(line[i])
		}
	}
	for p := 0; p < len(src); {
		switch b := src[p]; {
		case b == '\n' || b == '\r':
			p++
			if cr && b == '\n' {
				cr = false
				continue
			}
			cr = b == '\r'
			lastSpace()
			crlf()
		case qpPlain[b]:
			end := p + 1
			for end < len(src) && qpPlain[src[end]] {
				end++
			}
			for p < end {
				if i == lineMax-1 {
					soft()
				}
				n := copy(line[i:lineMax-1], src[p:end])
				i += n
				p += n
			}
			cr = false
		default:
			encode(b)
			p++
		}
	}
	lastSpace()
	flush()
	return dst
}

const upperHex = "0123456789ABCDEF"

// qpPlain are the bytes quoted-printable writes as they are: printable
// ASCII but '=', and the space and tab (encoded only before a line break).
var qpPlain = func() (t [256]bool) {
	for b := '!'; b <= '~'; b++ {
		t[b] = b != '='
	}
	t[' '], t['\t'] = true, true
	return t
}()
