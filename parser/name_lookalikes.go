package parser

// lookalike is a row of the lookalikes table: From, as NameKey meets it
// (NFKC, case folded, accents of Latin, Greek and Cyrillic letters
// dropped), is read as To. Rows of one character map characters; a row
// of several (rn) maps that sequence once the characters are mapped.
type lookalike struct {
	From, To string
	// Looks says what From is and why it passes for To.
	Looks string
}

// lookalikes are the characters that pass for others in a name, one row
// each: the Cyrillic and Greek letters that look Latin, the digits that
// look like letters, and a few sequences. Case is folded before they are
// met, so a row holds a letter's small form; where a Greek or Cyrillic
// capital looks like one Latin letter and its small form like another (Ν
// and ν), the capital's wins, since names begin with one. A name mixing
// scripts is refused whole, so what these rows catch in practice is a
// name written entirely in another script's lookalikes (Cyrillic "Јое"
// for Joe), and digits for letters ("l0la" for lola).
//
// i, I, l, 1 and | are one letter here: "Ivan" and "lvan" look the same in
// most fonts, and case folding makes I an i, so i must go with them. It
// costs a few real pairs (Elie and Elle), which NameKey's callers refuse
// as alike: the second player picks another name, where the other way a
// stranger passes for a player.
var lookalikes = []lookalike{
	// Cyrillic
	{"\u0430", "a", "Cyrillic а"},
	{"\u0432", "b", "Cyrillic в, whose capital В is a B"},
	{"\u0435", "e", "Cyrillic е"},
	{"\u0456", "l", "Cyrillic і (Ukrainian), an i"},
	{"\u0458", "j", "Cyrillic ј (Serbian)"},
	{"\u043A", "k", "Cyrillic к, whose capital К is a K"},
	{"\u043C", "m", "Cyrillic м, whose capital М is an M"},
	{"\u043D", "h", "Cyrillic н, whose capital Н is an H"},
	{"\u043E", "o", "Cyrillic о"},
	{"\u0440", "p", "Cyrillic р"},
	{"\u0441", "c", "Cyrillic с"},
	{"\u0442", "t", "Cyrillic т, whose capital Т is a T"},
	{"\u0443", "y", "Cyrillic у"},
	{"\u0445", "x", "Cyrillic х"},
	{"\u0455", "s", "Cyrillic ѕ (Macedonian)"},
	{"\u04BB", "h", "Cyrillic һ (Bashkir, Kazakh)"},
	{"\u04CF", "l", "Cyrillic palochka ӏ, and its capital Ӏ"},
	{"\u0501", "d", "Cyrillic ԁ (Komi)"},
	{"\u051B", "q", "Cyrillic ԛ (Kurdish)"},
	{"\u051D", "w", "Cyrillic ԝ (Kurdish)"},
	// Greek
	{"\u03B1", "a", "Greek α, whose capital Α is an A"},
	{"\u03B2", "b", "Greek β, whose capital Β is a B"},
	{"\u03B5", "e", "Greek ε, whose capital Ε is an E"},
	{"\u03B6", "z", "Greek ζ, whose capital Ζ is a Z"},
	{"\u03B7", "h", "Greek η, whose capital Η is an H"},
	{"\u03B9", "l", "Greek ι, whose capital Ι is an I"},
	{"\u03BA", "k", "Greek κ, whose capital Κ is a K"},
	{"\u03BC", "m", "Greek μ, whose capital Μ is an M"},
	{"\u03BD", "n", "Greek ν, whose capital Ν is an N"},
	{"\u03BF", "o", "Greek ο, whose capital Ο is an O"},
	{"\u03C1", "p", "Greek ρ, whose capital Ρ is a P"},
	{"\u03C4", "t", "Greek τ, whose capital Τ is a T"},
	{"\u03C5", "y", "Greek υ, whose capital Υ is a Y"},
	{"\u03C7", "x", "Greek χ, whose capital Χ is an X"},
	{"\u03F3", "j", "Greek yot ϳ"},
	// Latin letters, digits and signs
	{"i", "l", "i, and I once case is folded: an I is an l in most fonts"},
	{"1", "l", "digit one"},
	{"|", "l", "vertical bar"},
	{"\u0131", "l", "dotless ı (Turkish)"},
	{"\u01C0", "l", "Latin letter dental click ǀ"},
	{"\u0269", "l", "Latin iota ɩ"},
	{"0", "o", "digit zero"},
	{"\u0251", "a", "Latin alpha ɑ"},
	{"\u0261", "g", "script g ɡ"},
	{"\u2019", "'", "right single quotation mark ’, the typographer's apostrophe"},
	{"\u2018", "'", "left single quotation mark ‘"},
	{"\u02BC", "'", "modifier letter apostrophe ʼ"},
	{"`", "'", "grave accent `"},
	{"\u2032", "'", "prime ′"},
	{"\u2010", "-", "hyphen ‐"},
	{"\u2012", "-", "figure dash ‒"},
	{"\u2013", "-", "en dash –"},
	{"\u2014", "-", "em dash —"},
	{"\u2015", "-", "horizontal bar ―"},
	{"\u2212", "-", "minus sign −"},
	// Sequences
	{"rn", "m", "r and n side by side"},
	{"vv", "w", "two v side by side"},
}
