package mailer

import (
	"errors"
	"fmt"
	"strings"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// Namespace is where an IMAP server keeps a user's own folders (RFC 2342's
// personal namespace): the prefix every folder name starts with ("" on
// Dovecot and Gmail, "INBOX." on Courier and many hosting providers) and
// the hierarchy delimiter. Folder names built without it are refused by
// servers like Courier ("NO Invalid mailbox name").
type Namespace struct {
	Prefix string
	Delim  rune // 0 for a flat namespace
}

// Folder is the server's name for a folder named in configuration. A name
// that begins with the personal prefix, or, on a server whose delimiter is
// not "/", contains that delimiter, is already in the server's form and is
// used exactly as written. Any other name is levels separated by "/": each
// "/" becomes the delimiter and the prefix is put in front, so
// "pbem/processed" is "INBOX.pbem.processed" on Courier, "pbem.processed"
// on Dovecot and "pbem/processed" on Gmail.
func (n Namespace) Folder(name string) string {
	if n.inServerForm(name) {
		return name
	}
	if n.Delim != 0 && n.Delim != '/' {
		name = strings.ReplaceAll(name, "/", string(n.Delim))
	}
	if n.hasPrefix(name) { // "INBOX/pbem" on a server under "INBOX."
		return name
	}
	return n.Prefix + name
}

func (n Namespace) inServerForm(name string) bool {
	if n.hasPrefix(name) {
		return true
	}
	return n.Delim != 0 && n.Delim != '/' && strings.ContainsRune(name, n.Delim)
}

// hasPrefix compares case-insensitively: "INBOX" is, by RFC 3501.
func (n Namespace) hasPrefix(name string) bool {
	return n.Prefix != "" && len(name) >= len(n.Prefix) && strings.EqualFold(name[:len(n.Prefix)], n.Prefix)
}

// namespace asks the server its personal namespace: NAMESPACE where it is
// offered (IMAP4rev2 always does), else the delimiter of LIST "" "" with
// no prefix.
func namespace(c *imapclient.Client) (Namespace, error) {
	caps := c.Caps()
	if caps.Has(imap.CapNamespace) || caps.Has(imap.CapIMAP4rev2) {
		data, err := c.Namespace().Wait()
		if err == nil && len(data.Personal) > 0 {
			return Namespace{Prefix: data.Personal[0].Prefix, Delim: data.Personal[0].Delim}, nil
		}
		// A server that offers NAMESPACE but fails it: LIST still tells
		// the delimiter.
	}
	list, err := c.List("", "", nil).Collect()
	if err != nil {
		return Namespace{}, fmt.Errorf("imap: list the hierarchy delimiter: %w", err)
	}
	if len(list) == 0 {
		return Namespace{}, nil
	}
	return Namespace{Delim: list[0].Delim}, nil
}

// makeFolders names the processed and rejected folders in the server's
// form and creates those missing, returning their names and the ones it
// created. A refusal is a *FolderError naming the setting to change.
func makeFolders(c *imapclient.Client, ns Namespace, processed, rejected string) (names [2]string, created []string, err error) {
	for i, f := range []struct{ name, key, def string }{
		{processed, KeyProcessed, DefaultProcessed},
		{rejected, KeyRejected, DefaultRejected},
	} {
		names[i] = ns.Folder(f.name)
		made, err := ensureFolder(c, names[i])
		if made {
			created = append(created, names[i])
		}
		if err != nil {
			var fe *FolderError
			if errors.As(err, &fe) {
				fe.Key, fe.Default, fe.Namespace = f.key, f.def, ns
			}
			return names, created, err
		}
	}
	return names, created, nil
}

// Settings naming the folders, for the words of a FolderError.
const (
	KeyProcessed = "imap.processed (PBEM_IMAP_PROCESSED)"
	KeyRejected  = "imap.rejected (PBEM_IMAP_REJECTED)"
	KeyMailbox   = "imap.mailbox (PBEM_IMAP_MAILBOX)"
)

// FolderError is a folder the IMAP server refused to create or to select:
// a setting to change, not an outage to wait out, so the Receiver stops
// with it instead of retrying, and the operator reads it once.
type FolderError struct {
	Op        string // "create" or "select"
	Folder    string // the server's name for it
	Key       string // the setting that names it (KeyProcessed…)
	Default   string // that setting's default in "/"-form, "" for none
	Namespace Namespace
	Err       error // the server's answer
}

func (e *FolderError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "the IMAP server refused to %s the folder %s: %s.", e.Op, e.Folder, answer(e.Err))
	set := " Set"
	if p := e.Namespace.Prefix; p != "" && !e.Namespace.hasPrefix(e.Folder) {
		fmt.Fprintf(&b, " Its folders live under %s;", p)
		set = " set"
	}
	fmt.Fprintf(&b, "%s %s to a folder it accepts", set, e.Key)
	if e.Default == "" {
		return b.String()
	}
	if like := e.Namespace.Folder(e.Default); like != e.Folder {
		fmt.Fprintf(&b, ", such as %s", like)
	} else if d := e.Namespace.Delim; d != 0 && e.Namespace.Prefix == "" {
		// The server named no namespace (no NAMESPACE), and refuses what
		// pbem built without one: Courier's layout is the usual reason.
		fmt.Fprintf(&b, ", such as INBOX%c%s if its folders live under INBOX%c", d, Namespace{Delim: d}.Folder(e.Default), d)
	}
	return b.String()
}

func (e *FolderError) Unwrap() error { return e.Err }

// answer is an IMAP refusal as the server said it ("NO Invalid mailbox
// name"), or the error itself.
func answer(err error) string {
	var ie *imap.Error
	if errors.As(err, &ie) {
		s := string(ie.Type)
		if ie.Code != "" {
			s += " [" + string(ie.Code) + "]"
		}
		return s + " " + strings.TrimRight(ie.Text, ".")
	}
	return err.Error()
}

// isRefusal reports whether err is the server saying no for good (NO or
// BAD), rather than a passing trouble: an unavailable backend, a busy
// mailbox, a network error.
func isRefusal(err error) bool {
	var ie *imap.Error
	if !errors.As(err, &ie) || ie.Type == imap.StatusResponseTypeOK {
		return false
	}
	switch ie.Code {
	case imap.ResponseCodeUnavailable, imap.ResponseCodeServerBug, imap.ResponseCodeInUse,
		imap.ResponseCodeLimit, imap.ResponseCodeContactAdmin, imap.ResponseCodeOverQuota:
		return false
	}
	return true
}
