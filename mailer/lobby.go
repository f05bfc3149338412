package mailer

import (
	"crypto/hmac"
	"regexp"
	"strings"
)

// Every mail the server sends outside a game's thread — a lobby answer, a
// stranger's explanation, a watcher's mail — is answered to
// LOCAL+lobby-<token>@DOMAIN, its Message-ID carrying the token too, where
// the token is an HMAC of the recipient's mailbox (parser.MailboxKey)
// under a key of the server's. A reply that carries it, from that
// mailbox, proves the sender reads that mailbox: a forged From cannot
// show it, and the lobby acts on such a reply at once, where a bare mail
// to the server must first be confirmed by one. The token carries the
// address's player's token generation, so that a rekey revokes it.

// AddressToken is the lobby token of a mailbox at a token generation
// (store.Player.TokenGen, 0 for an address of no player's).
func AddressToken(key []byte, mailbox string, generation int) string {
	return keyedToken(key, []byte("lobby\x00"+mailbox+"\x00"), number(int64(generation)))
}

// ValidAddressToken reports, in constant time, whether token is the lobby
// token of mailbox at generation.
func ValidAddressToken(key []byte, mailbox string, generation int, token string) bool {
	return hmac.Equal([]byte(AddressToken(key, mailbox, generation)), []byte(strings.ToLower(token)))
}

// LobbyAddress is the reply address carrying a lobby token,
// LOCAL+lobby-<token>@DOMAIN, built from the server's address LOCAL@DOMAIN.
func LobbyAddress(server, token string) (string, error) {
	return plusAddress(server, "lobby-"+token)
}

// LobbyID is a fresh Message-ID carrying a lobby token, for providers
// that drop the "+" part of addresses but keep References.
func LobbyID(token, domain string) string {
	return NewMessageID(domain, "lobby", token)
}

var (
	lobbyLocal = regexp.MustCompile(`(?i)^[^+@]+\+lobby-([a-z2-7]{20})@`)
	lobbyID    = regexp.MustCompile(`(?i)^pbem\.lobby\.([a-z2-7]{20})\.`)
)

// ParseLobbyAddress reads the token of a lobby reply address.
func ParseLobbyAddress(addr string) (token string, ok bool) {
	return readToken(lobbyLocal, addr)
}

// ParseLobbyID reads the token of a References entry naming a lobby mail.
func ParseLobbyID(id string) (token string, ok bool) {
	return readToken(lobbyID, id)
}
