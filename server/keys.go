package server

import (
	"context"
	"sync"

	"pbem/store"
)

// serverKeys are the server's keys, each read from the store the first
// time it is needed and kept, so that a server that never meets a kind of
// token never writes its key.
type serverKeys struct {
	mu   sync.Mutex
	keys map[string][]byte
}

// get is the key called name.
func (k *serverKeys) get(ctx context.Context, st *store.Store, name string) ([]byte, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if key, ok := k.keys[name]; ok {
		return key, nil
	}
	key, err := st.ServerKey(ctx, name)
	if err != nil {
		return nil, err
	}
	if k.keys == nil {
		k.keys = map[string][]byte{}
	}
	k.keys[name] = key
	return key, nil
}
