package account

import (
	"context"
	"strings"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/store"
)

// SetPicturesPref says whether the mails to the player who owns address
// show the board as a picture, as they can by mail: spec is "off" (the
// ASCII board alone, for a client that shows pictures badly or a reader
// of text) or "on" (the default). A game whose pictures option is off
// sends none whatever it says. The player gets a confirmation;
// SetPicturesPref returns its text.
func (a Accounts) SetPicturesPref(ctx context.Context, address, spec string) (string, error) {
	return a.picturesPref(ctx, address, spec, nil, parser.Mail{})
}

// picturesPref is SetPicturesPref for a mail (in, answered) or the
// command line (in nil).
func (a Accounts) picturesPref(ctx context.Context, address, spec string, in *store.Inbound, answered parser.Mail) (string, error) {
	return a.setChoice(ctx, address, in, answered, lang.T("pbem: your mail"), func(p store.Player) (choice, error) {
		var on bool
		switch strings.ToLower(strings.TrimSpace(spec)) {
		case "on":
			on = true
		case "off":
		default:
			return choice{}, engine.Refuse(parser.PicturesHelp)
		}
		tag := a.Core.Chosen(p.Lang)
		return choice{tag: tag, text: picturesConfirmation(on).In(tag), write: func(mails []store.OutMail) error {
			return a.Store.SetPlayerPictures(ctx, store.PicturesChange{PlayerID: p.ID, Pictures: on, Mails: mails, Inbound: in})
		}}, nil
	})
}

// picturesConfirmation is what the player is told of their choice.
func picturesConfirmation(on bool) lang.Msg {
	if on {
		return lang.T("From now on your mails show the board as a picture as well as in text, in every game whose pictures are on. Reply with pictures off on a line of its own to get the text board alone.")
	}
	return lang.T("From now on your mails show the board in text alone, with no picture. Reply with pictures on on a line of its own to get the pictures back.")
}
