package parser

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestLinearWork feeds each function inputs that once made it, or a
// library under it, quadratic (an unclosed <title> repeated, a long comment
// in In-Reply-To) or that stress a loop, and checks the work stays about
// linear: 256 KB in well under the bound, where a quadratic step takes
// tens of seconds.
func TestLinearWork(t *testing.T) {
	if testing.Short() {
		t.Skip("slow inputs")
	}
	const n = 1 << 18
	type work struct {
		name string
		f    func()
	}
	big := func(s string) string { return strings.Repeat(s, n/len(s)) }
	cases := []work{
		{"reply wrote", func() { ReplyText(big("On 1 at 11:11 wrote:\n")) }},
		{"reply from", func() { ReplyText(big("From: x\n")) }},
		{"reply from blanks", func() { ReplyText("From: x" + big("\n")) }},
		{"reply underscores", func() { ReplyText(big("__________\n")) }},
		{"reply quotes", func() { ReplyText(big("> q\n")) }},
		{"reply sig", func() { ReplyText(big("-- \n")) }},
		{"reply one line", func() { ReplyText(big("x")) }},
		{"html lt", func() { HTMLText(big("<")) }},
		{"html a", func() { HTMLText(big("<a")) }},
		{"html title", func() { HTMLText(big("<title>")) }},
		{"html TITLE close-ish", func() { HTMLText(big("<title></titl")) }},
		{"html div", func() { HTMLText(big("<div>")) }},
		{"html quote div", func() { HTMLText(big(`<div class="gmail_quote">`)) }},
		{"html amp", func() { HTMLText(big("&amp;")) }},
		{"html attrs", func() { HTMLText("<div " + big("a=b ")) }},
		{"html comment", func() { HTMLText(big("<!--")) }},
		{"html pre", func() { HTMLText(big("<pre>")) }},
		{"mail irt comment", func() { ReadMail([]byte("From: a@b.c\nIn-Reply-To: (" + big("x") + "\n\n")) }},
		{"mail refs", func() { ReadMail([]byte("From: a@b.c\nReferences: " + big("<a@b> ") + "\n\n")) }},
		{"mail msgid comment", func() { ReadMail([]byte("From: a@b.c\nMessage-ID: (" + big("x") + "\n\n")) }},
		{"mail from comment", func() { ReadMail([]byte("From: (" + big("x") + "\n\n")) }},
		{"mail from quotes", func() { ReadMail([]byte("From: " + big(`"a" `) + "\n\n")) }},
		{"mail from list", func() { ReadMail([]byte("From: " + big("a@b.c, ") + "\n\n")) }},
		{"mail from brackets", func() { ReadMail([]byte("From: " + big("<") + "\n\n")) }},
		{"mail subject words", func() { ReadMail([]byte("From: a@b.c\nSubject: " + big("=?utf-8?q?a?= ") + "\n\n")) }},
		{"mail to garbage", func() { ReadMail([]byte("From: a@b.c\nTo: " + big("x@y ") + "\n\n")) }},
		{"mail nested multipart", func() {
			var b strings.Builder
			b.WriteString("From: a@b.c\n")
			for i := 0; i < 2000; i++ {
				b.WriteString("Content-Type: multipart/mixed; boundary=b" + strings.Repeat("x", i%50) + "\n\n--b" + strings.Repeat("x", i%50) + "\n")
			}
			ReadMail([]byte(b.String()))
		}},
		{"mail many parts", func() {
			ReadMail([]byte("From: a@b.c\nContent-Type: multipart/mixed; boundary=b\n\n" + big("--b\n\n")))
		}},
		{"mail header lines", func() { ReadMail([]byte(big("X-A: b\n") + "\n")) }},
		{"mail stray lines", func() { ReadMail([]byte("From: a@b.c\n" + big("stray\n") + "\n")) }},
		{"mail flowed", func() { ReadMail([]byte("From: a@b.c\nContent-Type: text/plain; format=flowed\n\n" + big("x \n"))) }},
		{"mail flowed quoted", func() { ReadMail([]byte("From: a@b.c\nContent-Type: text/plain; format=flowed\n\n" + big(">\n>>\n"))) }},
		{"mail date comment", func() { ReadMail([]byte("From: a@b.c\nDate: Mon, 30 Nov 2026 (" + big("x") + "\n\n")) }},
		{"mail date junk", func() { ReadMail([]byte("From: a@b.c\nDate: " + big("Mon, ") + "\n\n")) }},
		{"mail ctype params", func() { ReadMail([]byte("From: a@b.c\nContent-Type: text/plain" + big("; a=b") + "\n\nx")) }},
		{"mail ctype broken", func() { ReadMail([]byte("From: a@b.c\nContent-Type: text/plain" + big("; a") + "\n\nx")) }},
		{"mail disposition", func() { ReadMail([]byte("From: a@b.c\nContent-Disposition: inline" + big("; a=\"b") + "\n\nx")) }},
		{"mail return path", func() { ReadMail([]byte("Return-Path: " + big("<") + "\nFrom: a@b.c\n\nx")) }},
		{"mail subject bad words", func() { ReadMail([]byte("From: a@b.c\nSubject: " + big("=?x?q?\xff?= ") + "\n\n")) }},
		{"mail from words", func() { ReadMail([]byte("From: " + big("=?utf-8?q?a?= ") + "<a@b.c>\n\n")) }},
		{"mail from groups", func() { ReadMail([]byte("From: " + big("g:") + "\n\n")) }},
		{"mail html", func() { ReadMail([]byte("From: a@b.c\nContent-Type: text/html\n\n" + big("<title>"))) }},
	}
	for _, c := range cases {
		start := time.Now()
		c.f()
		assert.Less(t, time.Since(start), 2*time.Second, c.name)
	}
}
