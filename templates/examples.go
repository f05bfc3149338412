package templates

// examples are the data every template is run with when loaded: the zero
// value, and values with every field set that take each branch of the
// embedded templates. A template
// naming a field its data lacks fails then, when the server starts, rather
// than in the middle of a game.
var examples = map[string][]any{
	"ladder": {
		Ladder{},
		Ladder{Player: "p", Text: "t", Width: 1, Mine: true, Reach: 3, Challenges: []string{"c"},
			Rows: []LadderRow{{Mark: "*", Rung: 1, Name: "q", Wins: 1}, {Mark: ">", Rung: 2, Name: "p", Losses: 1}}},
	},
	"turn": {
		Turn{},
		Turn{Game: "g", GameID: 1, Player: "p", Board: "b", YourTurn: true, ToMove: "p", MoveNumber: 2,
			Played:   []Played{{Number: 1, Player: "q", Notation: "n", Score: 1, Events: []string{"e"}, Why: "w"}, {Number: 2, Player: "q", Notation: "n", Why: "w"}},
			Notation: "n"},
		Turn{Game: "g", GameID: 1, Player: "p", Board: "b", MoveNumber: 2, Over: true, Ending: "e",
			Winners: []string{"p", "q"}, Notation: "n"},
		Turn{Game: "g", GameID: 1, Player: "p", Board: "b", MoveNumber: 2, ToMove: "q", Watching: true},
		Turn{Game: "g", GameID: 1, Player: "p", Board: "b\n\nn", Flow: "n\nm\t1", MoveNumber: 2, ToMove: "q", Picture: "c@example.org", PictureWidth: 533},
	},
	"invitation": {
		Invitation{},
		Invitation{Game: "g", GameID: 1, Player: "p", Players: []string{"p", "q"}, Rules: "r", Notation: "n",
			Board: "b", YourTurn: true, ToMove: "p", MoveNumber: 1, Clock: "c", Levels: "l"},
		Invitation{Game: "g", GameID: 1, Player: "p", Players: []string{"q", "p"}, Rules: "r", Notation: "n",
			Board: "b", YourTurn: true, ToMove: "p", MoveNumber: 2, Played: []Played{{Number: 1, Player: "q", Notation: "n", Score: 3, Events: []string{"e"}, Why: "w"}}},
		Invitation{Game: "g", GameID: 1, Player: "p", Players: []string{"p", "q"}, Rules: "r", Notation: "n",
			Board: "b\n\nn", ToMove: "q", MoveNumber: 1, Picture: "c@example.org", PictureWidth: 533},
	},
	"refusal": {
		Refusal{},
		Refusal{Game: "g", GameID: 1, Player: "p", Line: "l", Reason: "r", Notation: "n"},
		Refusal{Game: "g", GameID: 1, Player: "p", Reason: "r", HeldUntil: "h"},
	},
	"answer": {
		Answer{},
		Answer{Game: "g", GameID: 1, Player: "p", Title: "t", Body: "b"},
		Answer{Game: "g", GameID: 1, Player: "p", Title: "t", Body: "b\n\nn", Flow: "n", Picture: "c@example.org", PictureWidth: 533},
		Answer{Game: "g", GameID: 1, Player: "p", Title: "t", Body: "h\n\nc\tm"},
	},
	"chat": {
		Chat{},
		Chat{Game: "g", GameID: 1, Player: "p", From: "q", Text: "t"},
	},
	"status": {
		Status{},
		Status{Game: "g", GameID: 1, Player: "p", Moves: 3, YourTurn: true, ToMove: "p", MoveNumber: 4, Hand: "1 2", Notation: "n"},
		Status{Game: "g", GameID: 1, Player: "p", Moves: 3, ToMove: "q", MoveNumber: 4, Notation: "n", InSubject: "s"},
		Status{Game: "g", GameID: 1, Player: "p", Moves: 3, Over: true, Ending: "e", Notation: "n"},
	},
	"rekey": {
		Rekey{},
		Rekey{Game: "g", GameID: 1, Player: "p", Board: "b", YourTurn: true, ToMove: "p", MoveNumber: 2, Notation: "n"},
		Rekey{Game: "g", GameID: 1, Player: "p", Board: "b", ToMove: "q", MoveNumber: 2, Notation: "n"},
		Rekey{Game: "g", GameID: 1, Player: "p", Board: "b", Over: true, Notation: "n"},
	},
	"revoked": {
		Revoked{},
		Revoked{Game: "g", GameID: 1, Player: "p", Sender: "a@example.org"},
	},
	"footer": {
		Footer{},
		Footer{Game: "g", GameID: 1, MoveNumber: 2, YourTurn: true, ToMove: "p", Rack: "1 2", ReplyTo: "a+1-t@example.org"},
		Footer{Game: "g", GameID: 1, MoveNumber: 2, ToMove: "q", ReplyTo: "a+1-t@example.org", Deadline: "Thu 3 Dec 2026 12:00 UTC"},
		Footer{Game: "g", GameID: 1, MoveNumber: 2, ToMove: "q", ReplyTo: "a+1-t@example.org", Stopped: true},
		Footer{Game: "g", GameID: 1, MoveNumber: 2, Over: true, ReplyTo: "a+1-t@example.org"},
	},
	"reminder": {
		Reminder{},
		Reminder{Game: "g", GameID: 1, Player: "p", MoveNumber: 3, Deadline: "d", Left: "1 day", Timeout: "the turn passes", Board: "b", Notation: "n"},
		Reminder{Game: "g", GameID: 1, Player: "p", MoveNumber: 3, Board: "b\n\nn", Notation: "n", Picture: "c@example.org", PictureWidth: 533},
	},
	"notice": {
		Notice{},
		Notice{Game: "g", GameID: 1, Player: "p", Text: "t", Board: "b", Flow: "n"},
	},
	"digest": {
		Digest{},
		Digest{Player: "p", At: "08:30", Example: "e", Games: []DigestGame{
			{Game: "g", GameID: 1, MoveNumber: 2, Board: "b", Deadline: "d", ReplyTo: "a+1-t@example.org"},
			{Game: "g", GameID: 2, MoveNumber: 3, Board: "b", Stopped: true, ReplyTo: "a+2-t@example.org"},
			{Game: "g", GameID: 3, MoveNumber: 4, Board: "b", ReplyTo: "a+3-t@example.org"},
			{Game: "g", GameID: 4, MoveNumber: 5, Board: "b\n\nn", ReplyTo: "a+4-t@example.org", Picture: "c@example.org", PictureWidth: 547},
		}},
		Digest{Player: "p", At: "08:30", Example: "e", Games: []DigestGame{{Game: "g", GameID: 1, MoveNumber: 2, Board: "b", ReplyTo: "a+1-t@example.org"}}},
	},
	"stranger": {
		Stranger{},
		Stranger{Address: "a@example.org", Reason: "r"},
		Stranger{Address: "a@example.org", Reason: "r", Known: true},
	},
}
