// Package account is what a player changes of their own account, by mail
// or through the operator: the language of their mails (lang), how much
// mail they get (mail every|turn|digest HH:MM), whether it shows pictures
// (pictures on|off), and their vacations, which package clock keeps and
// the core hands on. Each goes alone in its mail, recorded in one
// transaction with the confirmation it sends.
//
// It owns those commands' sentences and their French. It may call the
// store and the server's core (Core); it imports no other feature package.
package account
