package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUnsubscribeBodyCapped: a signed one-click POST whose body is larger
// than a form's worth is refused (413) and silences nothing; the same
// link with the body RFC 8058 says does.
func TestUnsubscribeBodyCapped(t *testing.T) {
	ctx := context.Background()
	srv, st := newTestServer(t)
	const email = "ann@example.org"
	u, err := url.Parse(srv.mail.unsubscribeLink(email))
	require.NoError(t, err)
	post := func(body string) int {
		rec := httptest.NewRecorder()
		srv.UnsubscribeHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/unsubscribe?"+u.RawQuery, strings.NewReader(body)))
		return rec.Code
	}

	assert.Equal(t, http.StatusRequestEntityTooLarge, post("List-Unsubscribe=One-Click&x="+strings.Repeat("x", 1<<20)))
	silenced, err := st.Silenced(ctx, email)
	require.NoError(t, err)
	assert.False(t, silenced, "a refused request changes nothing")

	assert.Equal(t, http.StatusOK, post("List-Unsubscribe=One-Click"))
	silenced, err = st.Silenced(ctx, email)
	require.NoError(t, err)
	assert.True(t, silenced)
}
