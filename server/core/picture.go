package core

// Picture is a board picture as a mail carries it, which the core draws:
// the Content-ID the HTML part names and the width it shows it at. A nil
// picture (pictures off, or a board that cannot be drawn) has "" and 0.
type Picture interface {
	CID() string
	Width() int
}
