package main

import (
	"context"
	"fmt"
	"log/slog"

	"pbem/mailer"
)

// redacting is a slog.Handler that hides the reply tokens (mailer.Redact)
// in every message and value it writes: the lines the server and mailer
// write redact theirs already, and this catches the rest, such as an
// error that quotes a thread Message-ID.
type redacting struct{ slog.Handler }

func (h redacting) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, mailer.Redact(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(redactAttr(a))
		return true
	})
	return h.Handler.Handle(ctx, out)
}

func (h redacting) WithAttrs(attrs []slog.Attr) slog.Handler {
	for i, a := range attrs {
		attrs[i] = redactAttr(a)
	}
	return redacting{h.Handler.WithAttrs(attrs)}
}

func (h redacting) WithGroup(name string) slog.Handler { return redacting{h.Handler.WithGroup(name)} }

// redactAttr redacts a value written as text: strings, errors, anything
// with a String method or printed by fmt; numbers, times and durations
// pass as they are.
func redactAttr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		a.Value = slog.StringValue(mailer.Redact(v.String()))
	case slog.KindGroup:
		attrs := v.Group()
		out := make([]slog.Attr, len(attrs))
		for i, g := range attrs {
			out[i] = redactAttr(g)
		}
		a.Value = slog.GroupValue(out...)
	case slog.KindAny:
		a.Value = slog.StringValue(mailer.Redact(fmt.Sprint(v.Any())))
	}
	return a
}
