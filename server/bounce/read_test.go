package bounce

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/store"
)

// A delivery report counts only when it is about one of the server's own
// mails: Postfix's report about a mail the outbox never held goes its way
// as any automatic mail, and so does a plain mail.
func TestReadOnlyReportsAboutTheServersMail(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	ctx := context.Background()
	report, err := os.ReadFile(filepath.Join("..", "..", "parser", "testdata", "dsn", "postfix.eml"))
	require.NoError(t, err)
	for name, raw := range map[string][]byte{
		"a report about a mail not the server's": report,
		"a plain mail":                           []byte("From: ann@example.org\r\nSubject: hi\r\n\r\nhello\r\n"),
	} {
		_, ok, err := Read(ctx, st, raw)
		require.NoError(t, err, name)
		assert.False(t, ok, name)
	}
}
