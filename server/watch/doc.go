// Package watch lets people follow a game without a seat, and anyone stop
// the server's mail: watch N and unwatch [N] by mail or by the operator,
// and stop, which silences an address. It owns the commands anyone may
// send in a mail about no seat of theirs (Control) and their sentences.
//
// Watchers' mails themselves (the board after each move) go out with the
// players' notifications, composed by the core; the one-click unsubscribe
// link and the stop address are the core's too, part of every mail's
// header. It may call the store and the server's core (Core); it imports
// no other feature package.
package watch
