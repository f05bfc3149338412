package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSameAddress(t *testing.T) {
	cases := []struct {
		a, b string
		same bool
	}{
		{"ann@example.org", "ann@example.org", true},
		{"Ann@Example.ORG", "ann@example.org", true},
		{"ann@bücher.example", "ann@xn--bcher-kva.example", true},
		{"ann@BÜCHER.example", "ann@xn--bcher-kva.example", false}, // IDNA registration refuses upper case non-ASCII
		{"\u212Aas@x.test", "kas@x.test", false},                   // KELVIN SIGN
		{"\u017Fam@x.test", "sam@x.test", false},                   // LONG S
		{"ann@x.te\u017Ft", "ann@x.test", false},
		{"åsa@x.test", "Åsa@x.test", false}, // no Unicode folding in the local part
		{"ann+1@x.test", "ann@x.test", false},
	}
	for _, c := range cases {
		assert.Equal(t, c.same, SameAddress(c.a, c.b), "%s ~ %s", c.a, c.b)
	}
}

func TestBaseAddress(t *testing.T) {
	assert.Equal(t, "ann@x.test", BaseAddress("Ann+games@X.Test"))
	assert.Equal(t, "ann@x.test", BaseAddress("ann@x.test"))
	assert.Equal(t, "+tag@x.test", BaseAddress("+tag@x.test"), "a local part that is all tag stays")
	assert.Equal(t, "ann@xn--bcher-kva.example", BaseAddress("ann+2@bücher.example"))
}

func TestAuthResults(t *testing.T) {
	got := ReadAuthResults([]string{
		"mx.example.org; dkim=pass header.d=Example.ORG header.i=@example.org; spf=softfail smtp.mailfrom=example.org; dmarc=fail (p=reject) header.from=example.org",
		"garbage without a semicolon = =", // unreadable: skipped
		"Other.Example 1; dmarc=pass header.from=x.test",
		"mx.example.org; spf=pass smtp.mailfrom=Bounce+1@Mail.Attacker.Example.; dkim=pass header.d=bücher.example",
		"mx.example.org; spf=pass smtp.helo=mx.attacker.example",
	})
	assert.Equal(t, []AuthResults{
		{ServID: "mx.example.org", DMARC: "fail", DMARCFrom: "example.org", DKIM: []DKIMResult{{Result: "pass", Domain: "example.org"}}, SPF: "softfail", SPFFrom: "example.org"},
		{ServID: "other.example", DMARC: "pass", DMARCFrom: "x.test"},
		{ServID: "mx.example.org", SPF: "pass", SPFFrom: "mail.attacker.example", DKIM: []DKIMResult{{Result: "pass", Domain: "xn--bcher-kva.example"}}},
		{ServID: "mx.example.org", SPF: "pass"},
	}, got, "the domains canonical; SPF's the envelope sender's only, never HELO's")
}

// TestMailboxKey: the ways of writing one mailbox count as one.
func TestMailboxKey(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Ann@Example.ORG", "ann@example.org"},
		{"ann+games@example.org", "ann@example.org"},
		{"a.n.n@example.org", "a.n.n@example.org"}, // dots count elsewhere
		{"A.n.N+x@GMail.com", "ann@gmail.com"},
		{"ann@googlemail.com", "ann@gmail.com"},
		{`"a.nn"@gmail.com`, `"ann"@gmail.com`},
		{"no-at-sign", "no-at-sign"},
	} {
		assert.Equal(t, c.want, MailboxKey(c.in), c.in)
	}
}
