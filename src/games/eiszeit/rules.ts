/** Our own summary of the Eiszeit rules (Markdown, en and de), including the project's rulings. */
export const rules = {
  en: { setup: '', scoring: '', rulings: '', turn: `**Eiszeit** — 3 to 5 players, 4 rounds (short game: 3). Most points after the last scoring wins.

**Set-up.** Glaciers cover regions 1–4 (3 players) or 1 and 4 (4 players). Mammoths start in 5–8 / 2, 3, 6, 7 (+1 beside the board) / 1–4 (+2 beside). The dark supply holds 20 / 25 / 30 stones; everyone has 4 stones and 12 hunters. A face-down fire tile lies in every free region. In the pre-round each player places 6 hunters, one at a time; then everyone gets 2 light and 3 dark cards.

**Settling.** On your turn play one card, then you may discard one more (unseen, under its pile), then draw back to 5 — choosing how many light and dark — never ending with five of one colour.
- *Light card*: pay its stones to the light supply and carry out its action yourself. You may only play what you can pay.
- *Dark card*: take its stones from the dark supply; then the player you choose — or every other player in turn from your left — may carry out its action, all of it, part of it or none.
- With 8+ stones at the start of your turn you must play a light card; a cult card may then only use the light top card.
- *Cult card*: use the action of the face-up top card of either discard pile (paying or taking its stones); the cult card goes under its own pile.
- "Place" brings pieces from a supply; with an empty supply you move your own from the board instead. Hunters with a club cannot be moved, swapped or removed by opponents. Glaciers cannot be entered, and regions separated by a glacier are not neighbours.
- A club is attached at once or kept and attached later to a hunter you place or move yourself; it saves that hunter in the next conflict.
- When the dark supply runs out (any rest comes from the light supply), settling ends after that card's action. In the last round that last card has no action and its stones go to the light supply.

**Conflicts** (automatic). Fire tiles turn up. Limit = 3 + mammoths + fire values. Over the limit, the player with fewest hunters there removes one, then the next fewest… (equal counts together), repeating in that order, until the limit is reached. Clubbed hunters never leave; a player with only clubbed hunters is skipped. Fire tiles and clubs on the board then go back.

**Scoring.** Each hunter scores 1 (no mammoth), 2 (one mammoth), 3 (two or more).

**Glacier.** The last player (ties: fewer hunters on the board, fewer stones, lot) may cover a free region touching the top edge or a glacier; its hunters go home, its mammoths beside the board. No glacier after the last round.

**Next round.** The light supply becomes the dark supply; below 10, the players make up the shortfall in equal shares (rounded up, each as far as they can). Fire tiles are reshuffled. The left neighbour of whoever ended settling begins.

**End.** Most points; ties: more hunters on the board, then more stones, else shared.

*Our rulings:* you choose the mix of cards to draw in one go; if no card at all can be played, you lay one down without effect; a cult card never uses another cult card.` },
  de: { setup: '', scoring: '', rulings: '', turn: `**Eiszeit** — 3 bis 5 Spieler, 4 Durchgänge (kurzes Spiel: 3). Wer nach der letzten Wertung die meisten Punkte hat, gewinnt.

**Aufbau.** Gletscher decken die Gebiete 1–4 (3 Spieler) bzw. 1 und 4 (4 Spieler) ab. Mammuts stehen in 5–8 / 2, 3, 6, 7 (+1 am Rand) / 1–4 (+2 am Rand). Im dunklen Vorrat liegen 20 / 25 / 30 Steine; jeder hat 4 Steine und 12 Jäger. In jedem freien Gebiet liegt ein verdecktes Feuer. In der Vorrunde setzt jeder reihum einzeln 6 Jäger ein; dann erhält jeder 2 helle und 3 dunkle Karten.

**Siedeln.** Wer am Zug ist, spielt eine Karte, darf dann eine weitere verdeckt unter ihren Stapel abwerfen und zieht auf 5 nach — wie viele helle und dunkle, wählt er —, aber nie fünf einer Farbe.
- *Helle Karte*: ihre Steine in den hellen Vorrat zahlen und die Aktion selbst ausführen. Nur spielbar, wenn voll bezahlbar.
- *Dunkle Karte*: ihre Steine aus dem dunklen Vorrat nehmen; dann darf der gewählte Mitspieler — oder reihum ab links jeder Mitspieler — die Aktion ganz, teilweise oder gar nicht ausführen.
- Mit 8+ Steinen zu Zugbeginn muss eine helle Karte gespielt werden; eine Kult-Karte darf dann nur die helle offene Karte nutzen.
- *Kult-Karte*: die Aktion der obersten offenen Karte eines Ablagestapels nutzen (mit deren Kosten oder Ertrag); die Kult-Karte kommt unter ihren eigenen Stapel.
- „Einsetzen“ holt Figuren aus einem Vorrat; ist der eigene leer, versetzt man stattdessen eigene vom Plan. Jäger mit Keule dürfen Gegner weder versetzen, tauschen noch entfernen. Gletscher darf niemand betreten; durch einen Gletscher getrennte Gebiete sind keine Nachbarn.
- Eine Keule kommt sofort unter einen eigenen Jäger oder später an einen Jäger, den man selbst einsetzt oder versetzt; sie rettet ihn im nächsten Konflikt.
- Ist der dunkle Vorrat leer (der Rest kommt aus dem hellen), endet das Siedeln nach der Aktion dieser Karte. Im letzten Durchgang entfällt die Aktion dieser letzten Karte, und ihre Steine gehen in den hellen Vorrat.

**Konflikte** (automatisch). Die Feuer werden aufgedeckt. Limit = 3 + Mammuts + Feuerwerte. Darüber entfernt der Spieler mit den wenigsten Jägern dort einen, dann der mit den zweitwenigsten … (Gleichstand gleichzeitig), immer in dieser Reihenfolge, bis das Limit erreicht ist. Jäger mit Keule bleiben; wer nur noch solche hat, wird übersprungen. Danach kommen Feuer und Keulen vom Plan zurück.

**Wertung.** Je Jäger 1 Punkt (kein Mammut), 2 (ein Mammut), 3 (zwei oder mehr).

**Gletscher.** Der Letzte (Gleichstand: weniger Jäger auf dem Plan, weniger Steine, Los) darf ein freies Gebiet am oberen Rand oder neben einem Gletscher abdecken; Jäger dort gehen heim, Mammuts an den Rand. Nach dem letzten Durchgang kein Gletscher.

**Nächster Durchgang.** Der helle Vorrat wird zum dunklen; unter 10 Steinen zahlen alle den Rest zu gleichen Teilen (aufgerundet, soweit vorhanden). Feuer neu mischen. Der linke Nachbar dessen, der das Siedeln beendet hat, beginnt.

**Ende.** Meiste Punkte; Gleichstand: mehr Jäger auf dem Plan, dann mehr Steine, sonst geteilter Sieg.

*Unsere Regelungen:* die Farbmischung beim Nachziehen wird auf einmal gewählt; ist keine Karte spielbar, wird eine wirkungslos abgelegt; eine Kult-Karte nutzt nie eine andere Kult-Karte.` },
};
