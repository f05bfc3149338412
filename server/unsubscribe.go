package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"strings"

	"pbem/parser"
)

// unsubscribeKey names the server key that signs unsubscribe links.
const unsubscribeKey = "unsubscribe"

// unsubscribeLink is the https: link that silences address: the
// operator's UnsubscribeURL with the address and its signature, so that
// nobody can silence an address they did not get a mail for.
func (c *composer) unsubscribeLink(address string) string {
	q := url.Values{"a": {address}, "t": {c.unsubscribeToken(address)}}
	sep := "?"
	if strings.Contains(c.cfg.UnsubscribeURL, "?") {
		sep = "&"
	}
	return c.cfg.UnsubscribeURL + sep + q.Encode()
}

// unsubscribeToken signs address with the server's unsubscribe key.
func (c *composer) unsubscribeToken(address string) string {
	mac := hmac.New(sha256.New, c.unsubscribeSecret)
	mac.Write([]byte(strings.ToLower(address)))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil)[:16])
}

// unsubscribePage is what a person who follows the link in a browser sees:
// a button that posts, as RFC 8058 wants (a GET must change nothing, for
// the link scanners of mail providers follow every link).
var unsubscribePage = template.Must(template.New("unsubscribe").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>pbem: stop mail</title></head>
<body style="font-family: sans-serif;">
{{if .Done}}<p>No more mail from this server will go to {{.Address}}. To get mail again, write to a game's reply address from it.</p>
{{else}}<form method="post"><p>Stop every mail from this server to {{.Address}}?</p>
<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Stop the mail</button></form>{{end}}
</body></html>
`))

// maxUnsubscribeBody caps the body of an unsubscribe POST.
const maxUnsubscribeBody = 4 << 10

// UnsubscribeHandler is the endpoint of the https: List-Unsubscribe link:
// a POST with a valid signature silences the address (RFC 8058 one-click),
// a GET shows a page with the button that does.
func (s *Server) UnsubscribeHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		address := parser.CanonicalAddress(r.URL.Query().Get("a"))
		token := r.URL.Query().Get("t")
		if address == "" || !hmac.Equal([]byte(token), []byte(s.mail.unsubscribeToken(address))) {
			http.Error(w, "This link is not valid: it may have been cut in two by a mail client.", http.StatusBadRequest)
			return
		}
		data := struct {
			Address string
			Done    bool
		}{Address: address}
		switch r.Method {
		case http.MethodGet, http.MethodHead:
		case http.MethodPost:
			// The one-click body is List-Unsubscribe=One-Click: read no
			// more than a form's worth of whatever is sent.
			if _, err := io.Copy(io.Discard, http.MaxBytesReader(w, r.Body, maxUnsubscribeBody)); err != nil {
				code := http.StatusBadRequest
				if errors.As(err, new(*http.MaxBytesError)) {
					code = http.StatusRequestEntityTooLarge
				}
				http.Error(w, "This request is too large, or was not sent whole.", code)
				return
			}
			if err := s.store.Silence(r.Context(), parser.BaseAddress(address), nil); err != nil {
				http.Error(w, "The server could not record it; try again later.", http.StatusServiceUnavailable)
				return
			}
			data.Done = true
		default:
			http.Error(w, fmt.Sprintf("%s is not a way to use this link", r.Method), http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		unsubscribePage.Execute(w, data)
	})
}
