package engine

import "pbem/lang"

// The French of the lines that explain a computer's move in a game of
// points (why.go).
func init() {
	lang.Register(lang.French, map[string]string{
		"Scores %d rather than %d: the %d-point move would leave the opponent a reply worth about %d point.":  "Marque %d plutôt que %d : le coup à %d points laisserait à l'adversaire une réponse d'environ %d point.",
		"Scores %d rather than %d: the %d-point move would leave the opponent a reply worth about %d points.": "Marque %d plutôt que %d : le coup à %d points laisserait à l'adversaire une réponse d'environ %d points.",
		"One of its %d moves with the best score.":                                                            "Un de ses %d coups au meilleur score.",
		"Its only move that scores.":                 "Son seul coup qui marque des points.",
		"The best score of its %d moves that score.": "Le meilleur score de ses %d coups qui marquent des points.",
	})
}
