// Package loopback runs mail servers inside the process, on loopback: the
// go-imap in-memory IMAP server and a go-smtp server that hands each mail it
// receives to Go code. pbem's demo plays whole games through them, and the
// tests use them as the real servers they are.
package loopback
