package server

import (
	"context"
	"html"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/mailer"
	"pbem/store"
)

// TestRedactUnsubscribeLink: the signature of the unsubscribe link the
// server mints is redacted (mailer.Redact) in the link, in the
// List-Unsubscribe value and in HTML; the address and the rest stay.
func TestRedactUnsubscribeLink(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "pbem.db"), nil)
	require.NoError(t, err)
	defer st.Close()
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}), Config{Address: "games@example.org", UnsubscribeURL: "https://games.example.org/unsubscribe"})
	require.NoError(t, err)

	link := srv.mail.unsubscribeLink("ann@example.org")
	u, err := url.Parse(link)
	require.NoError(t, err)
	token := u.Query().Get("t")
	require.NotEmpty(t, token)
	uris, oneClick := srv.mail.unsubscribe("ann@example.org")
	require.True(t, oneClick)
	header := "<" + strings.Join(uris, ">, <") + ">"
	for _, in := range []string{link, header, html.EscapeString(link)} {
		out := mailer.Redact(in)
		assert.NotContains(t, out, token, in)
		assert.Contains(t, out, "t="+mailer.Redacted, in)
		assert.Contains(t, out, "a=ann%40example.org", in)
	}
	assert.Equal(t, "<mailto:games+stop@example.org?subject=stop>, <https://games.example.org/unsubscribe?a=ann%40example.org&t=redacted>",
		mailer.Redact(header))
}
