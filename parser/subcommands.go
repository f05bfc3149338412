package parser

// The words that may follow ladder or tournament, in either language, as
// their English: one list, which the ladders, the tournaments and the
// lobby (which of them enter the sender in something, and so take an
// account) all read.
const (
	SubJoin      = "join"
	SubLeave     = "leave"
	SubChallenge = "challenge"
	SubNew       = "new"
	SubWithdraw  = "withdraw"
	SubCancel    = "cancel"
)

// subcommandWords are the sub-commands' words, folded (LobbyWord), beside
// their English.
var subcommandWords = map[string]string{
	"join": SubJoin, "rejoindre": SubJoin,
	"leave": SubLeave, "quitter": SubLeave,
	"challenge": SubChallenge, "defier": SubChallenge, "defi": SubChallenge,
	"new": SubNew, "nouveau": SubNew, "nouvelle": SubNew,
	"withdraw": SubWithdraw, "retirer": SubWithdraw, "forfait": SubWithdraw,
	"cancel": SubCancel, "annuler": SubCancel,
}

// Subcommand is the sub-command word w names, in English (SubJoin…), ""
// for none.
func Subcommand(w string) string { return subcommandWords[LobbyWord(w)] }
