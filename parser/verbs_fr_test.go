package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/lang"
)

// TestCommandsInFrench: every command has its French, read in any case
// and with or without accents, into the same Command as its English (the
// English verb, the text the server reads); as strictly as the English,
// so that French chatter opening with the same word stays chatter, and a
// short line that starts like one but does not read is refused with the
// form.
func TestCommandsInFrench(t *testing.T) {
	g := amplitude.Game{}
	for _, c := range []struct {
		line, verb, text string
		mistyped         bool
	}{
		{"aide", Help, "aide", false},
		{"Aide", Help, "Aide", false},
		{"AIDE !", Help, "AIDE !", false},
		{"aide svp", Help, "aide svp", false},
		{"règles", Help, "règles", false},
		{"REGLES", Help, "REGLES", false},
		{"Règles ?", Help, "Règles ?", false},
		{"plateau", Board, "plateau", false},
		{"Plateau, merci", Board, "Plateau, merci", false},
		{"historique", History, "historique", false},
		{"HISTORIQUE", History, "HISTORIQUE", false},
		{"dire Bien joué !", Say, "Bien joué !", false},
		{"Dire bonne chance à tous", Say, "bonne chance à tous", false},
		{"essayer H8 right 34251", Try, "H8 right 34251", false},
		{"Essayer H8 rigth 34251", Try, "H8 rigth 34251", true},
		{"essayer", Try, "", true},
		{"classement", Standings, "", false},
		{"Classement svp", Standings, "", false},
		{"vacances 5j", Vacation, "5d", false},
		{"Vacances 5 j.", Vacation, "5d", false},
		{"vacances 72h", Vacation, "72h", false},
		{"vacances jusqu'au 2026-12-24", Vacation, "until 2026-12-24", false},
		{"Vacances jusqu’au 2026-12-24", Vacation, "until 2026-12-24", false},
		{"vacances jusqu'à 2026-12-24", Vacation, "until 2026-12-24", false},
		{"VACANCES JUSQU'AU 2026-12-24", Vacation, "until 2026-12-24", false},
		{"vacances semaine prochaine", Vacation, "", true},
		{"retour", Back, "", false},
		{"Retour !", Back, "", false},
		{"courrier chaque", MailPref, "every", false},
		{"Courrier tour.", MailPref, "turn", false},
		{"courrier résumé 08:30", MailPref, "digest 08:30", false},
		{"COURRIER RESUME 8:30", MailPref, "digest 8:30", false},
		{"courrier quotidien", MailPref, "", true},
		{"courrier résumé", MailPref, "", true},
		{"regarder 12", Watch, "12", false},
		{"Regarder la partie 12", Watch, "12", false},
		{"regarder partie #12", Watch, "12", false},
		{"ne plus regarder 12", Unwatch, "12", false},
		{"Ne plus regarder", Unwatch, "", false},
		{"lang fr", Lang, "fr", false},
		{"Lang EN", Lang, "EN", false},
		{"langue français", Lang, "français", false},
		{"Langue française.", Lang, "française", false},
		{"language english", Lang, "english", false},
		{"langue klingon", Lang, "klingon", false}, // the server refuses it
		{"langue", Lang, "", true},
		{"Lang.", Lang, "", true},
		{"images non", Pictures, "off", false},
		{"Images oui !", Pictures, "on", false},
		{"IMAGES NON", Pictures, "off", false},
		{"stop", Stop, "", false},
		{"revanche", Rematch, "", false},
		{"Revanche !", Rematch, "", false},
		{"accepter", Accept, "", false},
		{"Accepter.", Accept, "", false},
		{"reprendre", Undo, "", false},
		{"Reprendre !", Undo, "", false},
	} {
		cmds, err := Commands(c.line, g)
		require.NoError(t, err, c.line)
		require.Len(t, cmds, 1, c.line)
		assert.Equal(t, c.verb, cmds[0].Verb, c.line)
		if !c.mistyped {
			assert.Equal(t, c.text, cmds[0].Text, c.line)
		}
		assert.Equal(t, c.mistyped, cmds[0].Err != nil, "%q mistyped: %v", c.line, cmds[0].Err)
	}
}

// TestFrenchChatter: French sentences that open with a command's word are
// chatter, as their English twins are.
func TestFrenchChatter(t *testing.T) {
	for _, line := range []string{
		"Dire que j'ai failli gagner !",
		"dire qu'il reste trois coups",
		"Aide-moi à comprendre la règle du bonus, je n'y arrive pas",
		"Aide moi à comprendre ce coup stp",
		"Plateau très serré, bien joué à toi",
		"Historique de nos parties : deux victoires chacun",
		"Essayer encore demain, je suis fatigué",
		"Retour de vacances demain, je joue ce soir",
		"vacances finies, je reprends la partie ce soir",
		"Courrier reçu, merci",
		"courrier bien arrivé",
		"Regarder le plateau me donne mal à la tête",
		"ne plus regarder la télé, voilà ma résolution",
		"Langue de bois, comme toujours",
		"Language barrier, sorry, my French is poor",
		"Classement des joueurs du club : je suis troisième et je compte bien remonter",
		"Règles du jeu relues hier soir, c'est plus clair",
		"Revanche quand tu veux, bien joué",
		"Accepter la défaite n'est pas facile",
		"Reprendre la partie demain soir, ça te va ?",
	} {
		cmds, err := Commands(line, amplitude.Game{})
		require.NoError(t, err, line)
		assert.Empty(t, cmds, "%q is chatter", line)
	}
}

// TestFrenchRefusals: the parser's refusals read in French for a French
// player, showing the French forms.
func TestFrenchRefusals(t *testing.T) {
	for _, c := range []struct{ line, fr string }{
		{"vacances bientôt", "écrivez vacances 5j (jours), vacances 72h (heures) ou vacances jusqu'au 2026-12-24"},
		{"courrier quotidien", "écrivez courrier chaque (un courrier à chaque coup)"},
		{"langue", "écrivez langue fr (pour des courriers en français)"},
		{"essayer", "essayer quoi ? Écrivez essayer, puis un coup"},
	} {
		cmds, err := Commands(c.line, amplitude.Game{})
		require.NoError(t, err, c.line)
		require.Len(t, cmds, 1, c.line)
		require.Error(t, cmds[0].Err, c.line)
		assert.Contains(t, engine.RefusalIn(cmds[0].Err, lang.French), c.fr, c.line)
	}
	_, err := Commands("#0 passer", amplitude.Game{})
	assert.Equal(t, `"#0" devrait être un numéro de coup, comme dans #12 passer`, engine.RefusalIn(err, lang.French))
	_, err = Commands("#4", amplitude.Game{})
	assert.Equal(t, "#4 n'est suivi d'aucune commande", engine.RefusalIn(err, lang.French))
}

// TestControlCommandsInFrench: a stranger watches and stops watching in
// French too.
func TestControlCommandsInFrench(t *testing.T) {
	cmds := ControlCommands("Bonjour,\nregarder la partie 12\nJ'adore ce jeu.\nne plus regarder 3\nstop")
	require.Len(t, cmds, 3)
	assert.Equal(t, []string{Watch, Unwatch, Stop}, []string{cmds[0].Verb, cmds[1].Verb, cmds[2].Verb})
	assert.Equal(t, []string{"12", "3"}, []string{cmds[0].Text, cmds[1].Text})
	assert.Empty(t, ControlCommands("Regarder le match ce soir\nretour\nclassement"), "chatter, and no control command")
}
