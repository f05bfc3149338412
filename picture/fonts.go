package picture

import (
	"fmt"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// fonts are the Go fonts, which ship with golang.org/x/image: nothing to
// install on a server, and the same glyphs, hence the same bytes, on every
// machine. Bold draws the tokens, regular the rest.
var fonts = sync.OnceValues(func() (*fontSet, error) {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("parse Go Regular: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("parse Go Bold: %w", err)
	}
	return &fontSet{regular: regular, bold: bold}, nil
})

// fontSet is the parsed fonts, shared: a parsed font is safe for
// concurrent use, its faces are not, so each picture makes its own.
type fontSet struct{ regular, bold *opentype.Font }

// fontKind names one of the fonts of a fontSet.
type fontKind int

const (
	regular fontKind = iota
	bold
)

// pick is the font of kind k.
func (fs *fontSet) pick(k fontKind) *opentype.Font {
	if k == bold {
		return fs.bold
	}
	return fs.regular
}

// face is f at size pixels, hinted so that digits are crisp.
func face(f *opentype.Font, size float64) (font.Face, error) {
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, fmt.Errorf("make a %.0f px face: %w", size, err)
	}
	return fc, nil
}
