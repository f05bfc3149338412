package bounce

import "pbem/lang"

// The French of the notices that an address bounces.
func init() {
	lang.Register(lang.French, map[string]string{
		"%s's address %s bounces: %s.":                      "L'adresse %[2]s de %[1]s est rejetée : %[3]s.",
		"%s's address bounces":                              "L'adresse de %s est rejetée",
		"If you know another way to reach them, tell them.": "Si vous connaissez un autre moyen de le joindre, dites-le-lui.",
		"It is %s's turn: the game waits for %s, who gets no mail from it until the address works again.":      "C'est à %s de jouer : la partie attend %s, qui ne reçoit plus ses mails tant que l'adresse ne marche pas.",
		"When it is %s's turn, the game waits for %s, who gets no mail from it until the address works again.": "Quand ce sera à %s de jouer, la partie attendra %s, qui ne reçoit plus ses mails tant que l'adresse ne marche pas.",
	})
}
