/** Our own short summary of Endless Winter, in English and German (Markdown). */
export const rules = {
  en: { setup: '', scoring: '', rulings: '', turn: `**Endless Winter** — lead a stone-age tribe for 4 rounds (2 in age I, 2 in age II). Most points wins; a tie goes to the earlier place in the turn order.

**A round**
1. **Actions**: in turn order, everyone takes 3 turns (short game: 2 in round 1).
2. **Eclipse**: stacks are revealed, labour sets the new turn order, incomes are paid.
3. **Preparation**: figures come home, the hunting ground is refilled to players + 1, the progress display is refilled (after round 2 it is replaced by age II), everyone draws 5 cards (no hand limit).

**Your turn**
- Play progress cards from your hand (each one after the first costs a discarded card); their effect happens at once.
- Place your chief or a tribe figure on the top space of a column, or on your rest space.
- Pay labour: play tribe members (½ labour cards add up) and spend food — each labour mark the food marker passes gives 1 labour (3 food = 2 labour).
- **Top** (as often as you can pay): *Initiate* 1 tool + 1 labour: a new member to hand (all different); *Develop* 3 labour: a progress card; *Migrate* 1 tool: a camp to the start tile, 1 labour: move a camp; *Hunt* 1 labour: reveal 2 animals, 1 tool + 1 labour: take one.
- **Middle** (once): *Initiate* 1 food: a member to your discard pile and/or bury a card; *Develop* buy a sacred stone (cost from your board, age II stones from round 3); *Migrate* 3 food: a settlement on the point of three mutually adjacent tiles holding your camps (never at the start tile, one per point; the camps go back); *Hunt* kill an animal for its income.
- **Bottom**: only the first figure in a column gets it.
- Card abilities work once a turn, column-bound ones only in their column; your chief's ability works when the chief is placed.
- **Rest**: draw a card, you may kill an animal; each resting figure is 1½ labour in the eclipse.
- After your last figure, put any cards face down on your eclipse stack.

**Eclipse**: labour = 1½ per resting figure + tribe members on the stack (progress cards return to hand). Most labour goes first; ties go to whoever played later. Then, in the new order: turn-order income, the stack's eclipse abilities, terrain incomes where you have the most influence (camp 1, settlement 2 on each neighbour; ties share unless the majority option is on), board incomes (a card per settlement built, tool/idol from emptied megalith spaces) and sacred-stone points. Every eclipse bonus is optional: you may decline any of them.

**Incomes** may be swapped for a lower one: megalith > card > idol > tool > food. Food above your limit is lost; camps on the map raise the limit.

**Megaliths**: your first two are neutral (start cells allowed, ground only); later ones go next to a megalith or on a 2×2 block (2 points per own stone below, 1 per other; their owners get 1 each). Ground cells pay what they show.

**Idol board**: offering track (bonuses on the way, 1 point per step past the top) and fame track (2/3/5 points; order on a level by arrival).

**End**: offering ratio × (food + tools), burial table by fame rank (2 players: first and second tables), card points, animal sets (argentavis are jokers, never a set alone; mammoth sets hold 2, others 4; killed animals don't count).

Modules: *ice finds* on glaciers (turned when a camp enters, paid when you settle next to one); *rest tiles* for the first to rest each round.` },
  de: { setup: '', scoring: '', rulings: '', turn: `**Endless Winter** – führe einen Steinzeitstamm durch 4 Runden (2 im I., 2 im II. Zeitalter). Die meisten Punkte gewinnen; bei Gleichstand die frühere Position in der Zugreihenfolge.

**Eine Runde**
1. **Aktionen**: in Zugreihenfolge hat jede:r 3 Züge (kurzes Spiel: 2 in Runde 1).
2. **Sonnenfinsternis**: Stapel aufdecken, Arbeitskraft bestimmt die neue Reihenfolge, Einkommen.
3. **Vorbereitung**: Figuren zurück, Jagdgebiet auf Spielerzahl + 1, Auslage auffüllen (nach Runde 2 durch Zeitalter II ersetzt), alle ziehen 5 Karten (kein Handkartenlimit).

**Dein Zug**
- Fortschritte ausspielen (jeder nach dem ersten kostet eine abgeworfene Karte); ihr Effekt wirkt sofort.
- Häuptling oder Stammesfigur auf das obere Feld einer Spalte oder aufs Ruhefeld setzen.
- Arbeitskraft zahlen: Stammesmitglieder ausspielen (½ zählt zusammen) und Nahrung ausgeben – jedes überquerte Arbeitskraftsymbol gibt 1 (3 Nahrung = 2).
- **Oben** (beliebig oft): *Einweihen* 1 Werkzeug + 1 Arbeitskraft: neues Mitglied auf die Hand (alle verschieden); *Entwickeln* 3 Arbeitskraft: ein Fortschritt; *Weiterziehen* 1 Werkzeug: Lager aufs Startfeld, 1 Arbeitskraft: Lager bewegen; *Jagen* 1 Arbeitskraft: 2 Tiere aufdecken, 1 Werkzeug + 1 Arbeitskraft: eines nehmen.
- **Mitte** (einmal): *Einweihen* 1 Nahrung: Mitglied auf die Ablage und/oder Karte begraben; *Entwickeln* Heiligen Stein kaufen (Kosten vom Tableau, Zeitalter II ab Runde 3); *Weiterziehen* 3 Nahrung: Siedlung am Punkt dreier aneinandergrenzender Felder mit deinen Lagern (nie am Startfeld, eine je Punkt; Lager kommen zurück); *Jagen* ein Tier erlegen.
- **Unten**: nur die erste Figur einer Spalte.
- Kartenfähigkeiten einmal pro Zug, spaltengebundene nur in ihrer Spalte; der Häuptling wirkt, wenn er eingesetzt wird.
- **Ruhen**: 1 Karte ziehen, ein Tier erlegen erlaubt; jede ruhende Figur zählt 1½ in der Sonnenfinsternis.
- Nach deiner letzten Figur beliebige Karten verdeckt auf den Sonnenfinsternisstapel legen.

**Sonnenfinsternis**: 1½ je ruhender Figur + Stammesmitglieder im Stapel (Fortschritte zurück auf die Hand). Meiste Arbeitskraft zuerst; Gleichstand: wer später dran war. Dann in neuer Reihenfolge: Reihenfolge-Einkommen, Finsternis-Fähigkeiten, Geländeeinkommen bei höchstem Einfluss (Lager 1, Siedlung 2 auf jedem Nachbarfeld; gleichauf zählt, außer mit der Mehrheitsoption), Tableau-Einkommen und Punkte der Heiligen Steine. Jeder Bonus der Sonnenfinsternis ist freiwillig: du darfst auf jeden verzichten.

**Einkommen** darf gegen ein geringeres getauscht werden: Megalith > Karte > Götze > Werkzeug > Nahrung. Nahrung über dem Limit verfällt; Lager im Gelände erhöhen es.

**Megalithen**: die ersten zwei sind neutral (Startfelder erlaubt, nur unten); spätere neben einen Megalithen oder auf ein 2×2 (2 Punkte je eigenem darunter, 1 je anderem; deren Besitzer je 1). Felder unten zahlen, was sie zeigen.

**Götzentafel**: Opfergabenleiste (Boni unterwegs, über das Ende 1 Punkt je Schritt) und Ruhmesleiste (2/3/5 Punkte; Reihenfolge auf einer Stufe nach Ankunft).

**Ende**: Opferverhältnis × (Nahrung + Werkzeug), Grabtabelle nach Ruhmesrang (zu zweit: erste und zweite), Kartenpunkte, Tiersets (Argentavis als Joker, nie allein; Mammut-Sets bis 2, andere bis 4; Erlegte zählen nicht).

Module: *Eisfunde* auf Gletschern; *Ruheplättchen* für die erste ruhende Figur einer Runde.` },
};
