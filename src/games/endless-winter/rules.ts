/**
 * Our own summary of Endless Winter (Markdown), in four pages per language: set-up, a round, scoring and
 * Campfire's rulings. English and German say the same thing, section for section and bullet for bullet; the German
 * uses the rulebook's own terms (test/rules/summaries.test.ts checks the shape, the numbers and the wrong terms).
 */
import type { RulesSummary } from '../types.js';

const en: RulesSummary = {
  setup: `**Endless Winter** — 2–4 players each lead a stone-age tribe through 4 rounds: rounds 1–2 are age I, rounds 3–4 age II. Each round has an action phase, an eclipse and a preparation; after the 4th eclipse the final scoring comes instead. You score during play and in the final scoring; most points wins. Campfire does not offer the solo mode.

**The table** (the bot lays it out)
- Terrain: the start tile in the middle and 18 terrain tiles around it in 2 rings of 6 and 12: 1 of each of the 6 terrain types, glaciers (6 with 2–3 players, 3 with 4 players), the rest drawn at random.
- Build site: the 4 build tiles in a layout for your player count; each has 1 grey start cell.
- Sacred stones, face up: 8 with 2 players, 12 with 3, 14 with 4; half of age I (left), half of age II (right).
- Progress display: 8 age-I progress cards in 2 rows of 4; the age-II deck waits under the cover card.
- 5 tribe-member supplies of 15 cards, 1 per type.
- Hunting ground: players + 1 animals from the animal deck (room for 6).

**Each player**
- A player board with 5 camps on its food track, 3 settlements, 2 grey neutral megaliths and 8 in your colour, your chief figure and 2 tribe figures.
- A chief card: you choose which of its 2 sides (abilities) you use.
- A setup card: your starting goods, paid out in turn order; some place an extra camp.
- Your 9 starting cards (5 gatherers, 1 experienced gatherer, 2 starting progress cards, 1 tribal warrior), shuffled as your draw deck; draw 5 into your hand.
- Your leftmost camp goes from the food track onto the start tile (besides a camp from your setup card): your food limit is now 6, or 8 if your setup card placed a camp too.

**Turn order**
- The bot draws the order by lot; the first is the start player. Chief sides are chosen in turn order, then the setup cards pay out in turn order.
- After that, the eclipse of each round sets the next round's order by labour.

**Lobby options**
- *Setup*: chiefs and setup cards dealt at random (base game); or *choose setup cards*: players + 1 are laid out, each player takes 1 in reverse turn order; or *choose chiefs and setup cards*: players + 1 chiefs are laid out, each takes 1 in turn order and picks its side, then the setup cards as before (the last player picks the chief last and the setup card first).
- *Short game*: in round 1 only 2 turns each (1 tribe figure sits out); 3 again from round 2.
- *Terrain income needs a majority*: only the highest influence alone gets terrain income; on a tie nobody gets it.
- *Ice finds* (module): 1 face-down ice-find tile on each glacier. A camp that moves onto or through that tile turns it up. When you build a settlement next to a face-up ice find, you gain what it shows, once; the tile stays.
- *Rest tiles* (module): a pile with its top tile face up. The first player in a round to rest takes the open tile, or puts it face down under the pile and takes the top one; the rulebook lets you use its effects before, between or after those of the rest space (Campfire: before); at the end of the turn it goes under the pile. In preparation an open tile nobody took goes under and a new one is turned up.`,

  turn: `**Action phase**: in turn order (the turn-order track, not around the table) each player has 1 turn at a time until everyone has had 3 (short game: 2 in round 1). Your turn:
- **Step 1**: play any number of progress cards; each acts at once, each after the 1st costs 1 other hand card, discarded unused.
- **Step 2**: place 1 figure (you must): chief or tribe figure on the top space of an action column, or on the rest space of your player board. With the chief figure you may use its ability once. Then pay labour and take actions.
- **Step 3**: everything played goes to your discard pile (no drawing yet).
- **Step 4**, only after your last figure of the round: put any progress cards and tribe members face down on your eclipse stack; you keep the rest of your hand.

**Labour**: play tribe members (value in the top left corner; 2 × ½ = 1; some give more in their column) and/or spend food: 1 labour per labour mark the food marker passes going left (3 food = 2). Card abilities are optional, once a turn; one with a column symbol only in that column. Eclipse abilities work only from the eclipse stack.

**Action columns**: top space as often as you can pay, middle space once, bottom space only for the 1st figure in that column this round.
- *Initiate*: top 1 tool + 1 labour: 1 tribe member from a supply to your hand (all different; empty supply: 1 point). Middle 1 food: 1 tribe member to your discard pile and/or bury 1 card (from hand, discard pile or played this turn). Bottom: 1 idol, you may bury 1 card.
- *Develop*: top 3 labour: 1 progress card from the display to your hand (none there: 1 point). Middle: buy 1 sacred stone (rounds 1–2 left half only) for the cost shown on the leftmost free stone space of your player board; its income at once; at most 3. Bottom: 1 tool and 1 food.
- *Migrate*: top 1 tool: 1 camp from your board (leftmost first) onto the start tile; 1 labour: move 1 camp to a neighbouring tile. Middle 3 food: 1 camp from each of 3 mutually adjacent tiles back to your board, and 1 settlement on their meeting point (never at the start tile, 1 per point). Bottom: 1 new camp on the start tile, then 1 free camp move.
- *Hunt*: top 1 labour: turn 2 animals into the hunting ground (at most 6); 1 tool + 1 labour: 1 animal from it into your animal area (both empty: 1 point). Middle: kill 1 living animal, take its income. Bottom: top animal of the deck into your animal area (empty: 1 point).
- *Rest space*: draw 1 card, you may kill 1 animal. No tribe members may be played; a resting chief may use its abilities without a column symbol.

**Eclipse**: all stacks are revealed. Labour = 1½ per figure on the rest space + tribe members on the stack; progress cards count 0 and go back to your hand; no food may be spent. Whoever has the most labour goes to the top of the turn-order track; on a tie (also at 0), whoever played later this round goes higher. Then each player in the new order takes 4 steps; all bonuses and special actions are optional, in any order within a step:
- 1: the income beside your tribe marker.
- 2: the eclipse abilities of your stack.
- 3: terrain income (see Scoring: influence).
- 4: the incomes of your player board and the points of your sacred stones.

**Preparation**: eclipse stacks to the discard piles, figures home; hunting ground back to players + 1; display: after round 1 refilled from age I to 8, after round 2 replaced by 8 from age II, after round 3 refilled from age II; everyone draws 5 more cards (no hand limit, not an income).`,

  scoring: `**Incomes**
- Lower income: whenever you receive one of these as income, you may take a lower one instead: build 1 megalith > draw 1 card > 1 idol > 1 tool > 1 food. Decide when you receive it; no swapping later.
- Food limit: your camps sit on your food track; each camp taken off raises your limit (1 camp off: 6). Food beyond the limit is lost.
- Influence (eclipse step 3): a camp gives 1 on its tile, a settlement 2 on each of its 3 tiles. Every tile where yours is highest or tied for highest pays you its full terrain income; each tied player gets all of it.
- Player board (eclipse step 4): 1 card per empty settlement space, 1 tool once megalith space 1 is empty, 1 idol each once spaces 3 and 5 are empty.

**Megaliths**: when you may build 1, take the leftmost from your player board (the first 2 are the grey neutral ones) and place it:
- A: on the grey start cell of a build tile: only your 2 neutral ones.
- B: orthogonally next to any megalith already built (any colour, neutral too); your neutral ones may go here as well, they need no start cell.
- C: centred on a group of 4 megaliths in a 2×2 square: never a neutral one.
- On the ground level you gain at once what the cell shows. Higher up you score 2 points per megalith of your colour directly below and 1 per other one (neutral too); each other player scores 1 per megalith of theirs that paid you.

**Idol board**: each idol moves 1 of your 2 idol markers 1 step up its track.
- Offering track: spaces with a tribe member (to your hand or to your discard pile) or a burial pay when reached; at the top each further step is 1 point.
- Fame track: 4 places per level, filled from the left in order of arrival (gaps close up); the 3 levels with points pay 2, 3 and 5 at once (10 in all); the top level is the end.

**Sacred stones** score in every eclipse, e.g. 2 per settlement next to the terrain shown, 1 per terrain type with your camp, 1 per megalith of your colour on the ground level, 2 per one on an upper level, 1 per 2 steps your idol markers climbed, 1 per kind of animal killed, or points for buried cards.

**Final scoring** after the eclipse of round 4:
- Offering track: your food + tools, converted at the ratio beside your marker (the remainder is lost). An unmoved marker scores 0.
- Fame track: points for your number of buried cards; the highest marker (top level, leftmost there) uses the left table, the second-highest the middle one, everyone else the right one (2 players: left and middle only). Example: highest with 4 buried cards scores 10. An unmoved marker scores 0.
- Cards: the points on all your cards: hand, draw deck, discard pile and buried cards.
- Animals: per species 1 set of animals you did not kill, scored as its cards show; at most 2 woolly mammoths, 4 of every other species; extras score 0. Argentavis are jokers that join a set, never a set alone. Killed animals do not count.

**Winner**: most points; on a tie, whoever is then earlier in the turn order.`,

  rulings: `**Campfire's rulings** (the rulebook is silent, or its pictures are lost in our text)
- Values: the chiefs, cards, animals, sacred stones, terrain incomes, player-board and idol-board spaces, build tiles, ice finds and rest tiles are Campfire's reconstruction and may differ from a printed copy; the bot shows every value.
- Start: turn order by lot; in the base game chiefs and setup cards are dealt at random; the build-site layout is drawn among those for your player count; the hunting ground starts with players + 1 animals.
- Your turn runs: progress cards or placing a figure, then labour (tribe members and food), then the top space, the middle space, and the bottom space pays by itself. Cards gained during your actions cannot be played for labour that turn; food can still be spent.
- A tribe member that only adds labour adds it when played (in its column); its other abilities, and your chief's, can be used at any later point of the turn.
- Eclipse abilities that add labour count in the eclipse comparison (as in the rulebook's example: the tribal warrior is worth 1½).
- Eclipse: you may decline each income and each special action on its own.
- Rest space: the rest tile comes first, then the card, then the optional kill (the rulebook lets you choose the order).
- Eclipse step 3 pays all your tiles together; in step 4 the bot scores your sacred stones before it pays your player-board incomes (the rulebook lets you choose the order within a step).
- Lower income applies to incomes without a cost (column bottoms, terrain, player board, build-site cells, kills, stones, ice finds, rest tiles, free abilities); an exchange (pay → gain) gives exactly what it shows.
- Camps that go back to your board (for a settlement) lower your food limit; food above it is lost.
- Megaliths: one in your colour never stands on a start cell; a neutral one on a start cell needs no neighbour; “next to” counts on the ground level. A cell with arrows places 1 more of your neutral megaliths on a free cell an arrow points to (if you still have one); it gains its own cell.
- Glaciers and the start tile give no terrain income; a tile where nobody has influence pays nobody.
- The stone for terrain types with your camp counts each type once, glaciers included, the start tile not.
- At the top of the fame track an idol can only go to the offering track (or become a lower income).
- Ice finds do nothing during the eclipse: a camp moved then turns none, a settlement built then collects none.

**How the bot runs it**
- Whatever you may choose is a button under **My turn** (and in a direct message when it is your turn); what needs no choice (turn order, scoring) runs by itself and shows in the log. Steps with nothing to choose are skipped.
- An income you may lower comes with “instead” buttons; a card draw with an empty draw deck and discard pile must be lowered.
- Your hand, draw deck, eclipse stack and buried cards are private; the others see how many. The stacks are shown to all in the eclipse, buried cards at the end.
- Missed deadline: the other players vote to wait, skip (the bot takes a safe default, e.g. resting or passing) or let the computer play your seat.
- Undo on your own only for your own last decision that revealed nothing (no card drawn, no animal or tile turned); anything else needs the others' consent.`,
};

const de: RulesSummary = {
  setup: `**Endless Winter** – 2–4 Spieler führen je einen Steinzeitstamm durch 4 Runden: Runden 1–2 sind das I. Zeitalter, Runden 3–4 das II. Zeitalter. Jede Runde hat eine Aktionsphase, eine Sonnenfinsternis und eine Vorbereitungsphase; nach der 4. Sonnenfinsternis folgt stattdessen die Schlusswertung. Punkte gibt es im Spiel und in der Schlusswertung; wer die meisten hat, gewinnt. Den Solomodus bietet Campfire nicht an.

**Der Spielaufbau** (legt der Bot aus)
- Geländespielfeld: das Startfeld in der Mitte und darum 18 Geländefelder in 2 Ringen aus 6 und 12: je 1 der 6 Typen, dazu Gletscher (6 bei 2–3 Spielern, 3 bei 4 Spielern), der Rest zufällig gezogen.
- Bauplatz: die 4 Bauplatzplättchen in einem Aufbaumuster für eure Spielerzahl; jedes hat 1 graues Startfeld.
- Heilige Steine, offen: 8 bei 2 Spielern, 12 bei 3, 14 bei 4; zur Hälfte aus dem I. Zeitalter (links), zur Hälfte aus dem II. Zeitalter (rechts).
- Fortschrittsauslage: 8 Fortschritte des I. Zeitalters in 2 Reihen zu 4; der Stapel des II. Zeitalters wartet unter der Abdeckkarte.
- 5 Vorräte der Stammesmitglieder mit je 15 Karten, 1 pro Typ.
- Jagdgebiet: Spielerzahl + 1 Tiere vom Tierstapel (Platz für 6).

**Jeder Spieler**
- Ein Spielertableau mit 5 Lagern auf der Nahrungsleiste, 3 Siedlungen, 2 grauen neutralen Megalithen und 8 in deiner Farbe, deiner Häuptlingsfigur und 2 Stammesfiguren.
- Eine Häuptlingskarte: du wählst, welche ihrer 2 Seiten (Fähigkeiten) du nutzt.
- Eine Aufbaukarte: deine Startausstattung, ausgezahlt in Zugreihenfolge; manche setzen ein zusätzliches Lager ein.
- Deine 9 Startkarten (5 Sammler:innen, 1 Erfahrene Sammler:in, 2 Startfortschritte, 1 Stammeskrieger:in), gemischt als Nachziehstapel; ziehe 5 auf die Hand.
- Dein am weitesten links liegendes Lager kommt von der Nahrungsleiste aufs Startfeld (zusätzlich zu einem Lager der Aufbaukarte): dein Nahrungsleisten-Limit ist jetzt 6, oder 8, wenn deine Aufbaukarte auch ein Lager eingesetzt hat.

**Zugreihenfolge**
- Der Bot lost die Reihenfolge aus; der Erste ist Startspieler. Die Häuptlingsseiten werden in Zugreihenfolge gewählt, danach zahlen die Aufbaukarten in Zugreihenfolge aus.
- Danach bestimmt die Sonnenfinsternis jeder Runde die Reihenfolge der nächsten nach Arbeitskraft.

**Lobby-Optionen**
- *Spielaufbau*: Häuptlinge und Aufbaukarten zufällig zugeteilt (Basisspiel); oder *Aufbaukarten wählen*: Spielerzahl + 1 liegen offen aus, jeder nimmt 1 in umgekehrter Zugreihenfolge; oder *Häuptlinge und Aufbaukarten wählen*: Spielerzahl + 1 Häuptlinge liegen aus, jeder nimmt 1 in Zugreihenfolge und wählt die Seite, dann die Aufbaukarten wie eben (der Letzte wählt seinen Häuptling zuletzt und die Aufbaukarte zuerst).
- *Kurzes Spiel*: in Runde 1 nur 2 Züge pro Spieler (1 Stammesfigur bleibt beiseite); ab Runde 2 wieder 3.
- *Geländeeinkommen nur bei Mehrheit*: nur der höchste Einfluss allein erhält Geländeeinkommen; bei Gleichstand erhält es niemand.
- *Eisfundplättchen* (Modul): 1 verdecktes Eisfundplättchen auf jedem Gletscher. Ein Lager, das auf dieses Feld oder darüber hinweg zieht, deckt es auf. Baust du eine Siedlung angrenzend an ein aufgedecktes Eisfundplättchen, erhältst du einmalig, was es zeigt; es bleibt liegen.
- *Ruheplättchen* (Modul): ein Stapel, das oberste Plättchen offen. Wer in einer Runde als Erster eine Figur aufs Ruhefeld stellt, nimmt das offene Plättchen oder legt es verdeckt unter den Stapel und nimmt das oberste; die Spielregel erlaubt seine Effekte vor, zwischen oder nach denen des Ruhefelds (Campfire: davor); am Zugende kommt es unter den Stapel. In der Vorbereitungsphase kommt ein offenes Plättchen, das niemand nahm, darunter und ein neues wird aufgedeckt.`,

  turn: `**Aktionsphase**: in Zugreihenfolge (laut Reihenfolgeleiste, nicht reihum) hat jeder 1 Zug, bis jeder 3 Züge hatte (kurzes Spiel: 2 in Runde 1). Dein Zug:
- **Schritt 1**: spiele beliebig viele Fortschritte aus; jeder wirkt sofort, jeder nach dem 1. kostet 1 andere Handkarte, ungenutzt abgelegt.
- **Schritt 2**: setze 1 Figur ein (Pflicht): Häuptlings- oder Stammesfigur aufs oberste Feld einer Aktionsspalte oder aufs Ruhefeld deines Spielertableaus. Mit der Häuptlingsfigur darfst du 1x die Fähigkeit deines Häuptlings nutzen. Dann Arbeitskraft bezahlen, Aktionen ausführen.
- **Schritt 3**: alles Ausgespielte auf den Ablagestapel (noch nicht nachziehen).
- **Schritt 4**, nur nach deiner letzten Figur der Runde: lege beliebig viele Fortschritte und Stammesmitglieder verdeckt auf deinen Sonnenfinsternisstapel; die übrigen Handkarten behältst du.

**Arbeitskraft**: spiele Stammesmitglieder aus (Wert oben links; 2 × ½ = 1; manche geben in ihrer Aktionsspalte mehr) und/oder gib Nahrung aus: 1 Arbeitskraft je Arbeitskraftsymbol, das der Nahrungsanzeiger nach links passiert (3 Nahrung = 2). Kartenfähigkeiten sind optional, 1x pro Zug; mit dem Symbol einer Aktionsspalte nur in dieser. Sonnenfinsternis-Fähigkeiten wirken nur aus dem Stapel.

**Aktionsspalten**: oberes Feld so oft bezahlbar, mittleres Feld 1x, unteres Feld nur für die 1. Figur dieser Runde in der Spalte.
- *Einweihen*: oben 1 Werkzeug + 1 Arbeitskraft: 1 Stammesmitglied aus einem Vorrat auf die Hand (alle unterschiedlich; leerer Vorrat: 1 Punkt). Mitte 1 Nahrung: 1 Stammesmitglied auf den Ablagestapel und/oder 1 Karte begraben (von Hand, Ablagestapel oder in diesem Zug ausgespielt). Unten: 1 Götze, 1 Karte begraben erlaubt.
- *Entwickeln*: oben 3 Arbeitskraft: 1 Fortschritt aus der Auslage auf die Hand (keiner da: 1 Punkt). Mitte: 1 Heiligen Stein kaufen (Runden 1–2 nur linke Hälfte) zu den Kosten des am weitesten links liegenden freien Feldes für Heilige Steine auf deinem Spielertableau; sein Einkommen sofort; höchstens 3. Unten: 1 Werkzeug und 1 Nahrung.
- *Weiterziehen*: oben 1 Werkzeug: 1 Lager vom Spielertableau (von links) aufs Startfeld; 1 Arbeitskraft: 1 Lager auf ein benachbartes Geländefeld schieben. Mitte 3 Nahrung: je 1 Lager von 3 aneinander angrenzenden Feldern zurück aufs Spielertableau und 1 Siedlung auf ihren Verbindungspunkt (nie am Startfeld, 1 pro Punkt). Unten: 1 neues Lager aufs Startfeld, dann 1 Lager gratis verschieben.
- *Jagen*: oben 1 Arbeitskraft: 2 Tiere ins Jagdgebiet aufdecken (höchstens 6); 1 Werkzeug + 1 Arbeitskraft: 1 Tier daraus in deinen Tierbereich (beide leer: 1 Punkt). Mitte: 1 lebendes Tier erlegen, sein Einkommen erhalten. Unten: oberstes Tier des Tierstapels in deinen Tierbereich (leer: 1 Punkt).
- *Ruhefeld*: ziehe 1 Karte, du darfst 1 Tier erlegen. Keine Stammesmitglieder ausspielen; ruht der Häuptling, darf er seine Fähigkeiten ohne Symbol einer Aktionsspalte nutzen.

**Sonnenfinsternis**: alle Stapel werden aufgedeckt. Arbeitskraft = 1½ je Figur auf dem Ruhefeld + Stammesmitglieder im Stapel; Fortschritte zählen 0 und kommen zurück auf die Hand; keine Nahrung ausgeben. Wer die meiste Arbeitskraft hat, kommt ganz oben auf die Reihenfolgeleiste; bei Gleichstand (auch bei 0) kommt höher, wer diese Runde später am Zug war. Dann führt jeder in neuer Zugreihenfolge 4 Schritte aus; alle Boni und Sonderaktionen sind optional, innerhalb eines Schrittes in freier Reihenfolge:
- 1: das Einkommen neben deinem Stammesmarker.
- 2: die Sonnenfinsternis-Fähigkeiten deines Stapels.
- 3: Geländeeinkommen (siehe Wertung: Einfluss).
- 4: die Einkommen deines Spielertableaus und die Punkte deiner Heiligen Steine.

**Vorbereitungsphase**: Sonnenfinsternisstapel auf die Ablagestapel, Figuren zurück; Jagdgebiet wieder auf Spielerzahl + 1; Auslage: nach Runde 1 aus dem I. Zeitalter auf 8 auffüllen, nach Runde 2 durch 8 aus dem II. ersetzen, nach Runde 3 aus dem II. auffüllen; jeder zieht 5 Karten dazu (kein Handkartenlimit, kein Einkommen).`,

  scoring: `**Einkommen**
- Geringeres Einkommen: erhältst du eines davon als Einkommen, darfst du stattdessen ein geringeres nehmen: 1 Megalithen bauen > 1 Karte ziehen > 1 Götze > 1 Werkzeug > 1 Nahrung. Entscheide beim Erhalten; später tauschen geht nicht.
- Nahrungsleisten-Limit: deine Lager stehen auf deiner Nahrungsleiste; jedes entfernte Lager erhöht dein Limit (1 Lager entfernt: 6). Nahrung über dem Limit verfällt.
- Einfluss (Schritt 3 der Sonnenfinsternis): ein Lager erzeugt 1 auf seinem Geländefeld, eine Siedlung 2 auf jedem ihrer 3 Felder. Wo dein Einfluss auf einem Geländefeld der größte ist oder dem größten gleicht, zahlt dir das Feld sein volles Geländeeinkommen; bei Gleichstand erhält es jeder Beteiligte ganz.
- Spielertableau (Schritt 4 der Sonnenfinsternis): 1 Karte je freiem Siedlungsfeld, 1 Werkzeug, sobald Megalithfeld 1 frei ist, je 1 Götze, sobald die Felder 3 und 5 frei sind.

**Megalithen**: darfst du 1 bauen, nimm den am weitesten links liegenden von deinem Spielertableau (die ersten 2 sind die grauen neutralen) und setze ihn:
- A: auf das graue Startfeld eines Bauplatzplättchens: nur deine 2 neutralen.
- B: orthogonal angrenzend an einen bereits gebauten Megalithen (egal welcher Farbe, neutrale eingeschlossen); auch deine neutralen dürfen hierhin, sie brauchen kein Startfeld.
- C: mittig auf 4 Megalithen, die ein 2×2-Quadrat bilden: nie einen neutralen.
- Auf der untersten Ebene erhältst du sofort, was du abdeckst. Darüber erhältst du 2 Punkte je Megalith deiner Spielerfarbe direkt darunter und 1 je anderem (auch neutral); jeder andere Spieler erhält 1 je Megalith seiner Farbe, der dir Punkte brachte.

**Götzentafel**: jeder Götze hebt 1 deiner 2 Götzenmarker auf seiner Leiste um 1 Stufe.
- Opfergabenleiste: Felder mit Stammesmitglied (auf die Hand oder auf den Ablagestapel) oder Begraben wirken beim Erreichen; oben angekommen gibt jeder weitere Schritt 1 Punkt.
- Ruhmesleiste: 4 Felder je Stufe, von links nach Ankunft belegt (Lücken schließen sich); die 3 Stufen mit Punkten geben sofort 2, 3 und 5 (zusammen 10); an der obersten Stufe ist Schluss.

**Heilige Steine** geben in jeder Sonnenfinsternis Punkte, z. B. 2 je Siedlung an einem abgebildeten Geländetyp, 1 je Geländetyp mit deinem Lager, 1 je Megalith deiner Farbe auf der untersten Ebene, 2 je Megalith auf einer oberen Ebene, 1 je 2 Stufen, die deine Götzenmarker aufgestiegen sind, 1 je unterschiedlichem erlegtem Tier oder Punkte für begrabene Karten.

**Schlusswertung** nach der Sonnenfinsternis der 4. Runde:
- Opfergabenleiste: deine Nahrung + Werkzeuge, umgerechnet im Umrechnungsverhältnis links neben deinem Marker (Überzähliges verfällt). Ein unbewegter Marker bringt 0 Punkte.
- Ruhmesleiste: Punkte je nach Zahl deiner begrabenen Karten; die höchste Position (oberste Stufe, dort ganz links) nutzt die linke Abbildung, die zweithöchste die mittlere, alle anderen die rechte (zu zweit nur links und Mitte). Beispiel: höchste Position mit 4 begrabenen Karten bringt 10. Ein unbewegter Marker bringt 0 Punkte.
- Karten: die Punkte aller deiner Karten: Hand, Nachziehstapel, Ablagestapel und begrabene Karten.
- Tiere: je Gattung 1 Set aus nicht erlegten Tieren, gewertet wie auf den Karten; höchstens 2 Wollhaarmammuts, 4 bei allen anderen Gattungen; überzählige bringen 0. Argentavis sind Joker für ein Set, nie allein ein Set. Erlegte Tiere zählen nicht.

**Sieg**: die meisten Punkte; bei Gleichstand gewinnt, wer dann in der Zugreihenfolge früher kommt.`,

  rulings: `**Festlegungen von Campfire** (die Spielregel schweigt, oder ihre Abbildungen fehlen in unserem Text)
- Werte: Häuptlinge, Karten, Tiere, Heilige Steine, Geländeeinkommen, Felder der Spielertableaus und der Götzentafel, Bauplatzplättchen, Eisfund- und Ruheplättchen sind Campfires Rekonstruktion und können vom gedruckten Spiel abweichen; der Bot zeigt jeden Wert.
- Start: Zugreihenfolge per Los; im Basisspiel werden Häuptlinge und Aufbaukarten zufällig zugeteilt; das Aufbaumuster des Bauplatzes wird unter denen für eure Spielerzahl gelost; das Jagdgebiet beginnt mit Spielerzahl + 1 Tieren.
- Dein Zug läuft so: Fortschritte oder Figur einsetzen, dann Arbeitskraft (Stammesmitglieder und Nahrung), dann oberes Feld, mittleres Feld, und das untere Feld zahlt von selbst. In deinen Aktionen erhaltene Karten kannst du in diesem Zug nicht für Arbeitskraft ausspielen; Nahrung kannst du weiter ausgeben.
- Ein Stammesmitglied, das nur Arbeitskraft erzeugt, erzeugt sie beim Ausspielen (in seiner Aktionsspalte); seine anderen Fähigkeiten und die deines Häuptlings kannst du zu jedem späteren Zeitpunkt des Zuges nutzen.
- Sonnenfinsternis-Fähigkeiten, die Arbeitskraft erzeugen, zählen beim Vergleich der Sonnenfinsternis (wie im Beispiel der Spielregel: der Stammeskrieger zählt 1½).
- Sonnenfinsternis: jedes Einkommen und jede Sonderaktion darfst du einzeln ablehnen.
- Ruhefeld: erst das Ruheplättchen, dann die Karte, dann das freiwillige Erlegen (die Spielregel lässt die Reihenfolge frei).
- Schritt 3 der Sonnenfinsternis zahlt alle deine Felder zusammen; in Schritt 4 wertet der Bot deine Heiligen Steine vor den Einkommen deines Spielertableaus (die Spielregel lässt die Reihenfolge innerhalb eines Schrittes frei).
- Geringeres Einkommen gilt für Einkommen ohne Kosten (untere Felder, Gelände, Spielertableau, Felder des Bauplatzes, Erlegen, Heilige Steine, Eisfund- und Ruheplättchen, kostenlose Fähigkeiten); ein Tausch (zahle → erhalte) gibt genau, was er zeigt.
- Lager, die zurück aufs Spielertableau kommen (für eine Siedlung), senken dein Nahrungsleisten-Limit; Nahrung darüber verfällt.
- Megalithen: einer deiner Farbe steht nie auf einem Startfeld; ein neutraler auf einem Startfeld braucht keinen Nachbarn; „angrenzend“ zählt auf der untersten Ebene. Ein Feld mit Pfeilen setzt 1 weiteren deiner neutralen Megalithen auf ein freies Feld, auf das ein Pfeil zeigt (wenn du noch einen hast); er erhält sein eigenes Feld.
- Gletscher und das Startfeld geben kein Geländeeinkommen; ein Feld, auf dem niemand Einfluss hat, zahlt niemandem.
- Der Stein für Geländetypen mit deinem Lager zählt jeden Typ einmal, Gletscher mit, das Startfeld nicht.
- Ganz oben auf der Ruhmesleiste kann ein Götze nur auf die Opfergabenleiste (oder ein geringeres Einkommen werden).
- Eisfundplättchen wirken in der Sonnenfinsternis nicht: ein dann bewegtes Lager deckt keines auf, eine dann gebaute Siedlung erhält keines.

**Wie der Bot es spielt**
- Was du wählen darfst, ist ein Knopf unter **Mein Zug** (und in einer Direktnachricht, wenn du dran bist); was keine Wahl braucht (Zugreihenfolge, Wertung), läuft von selbst und steht im Protokoll. Schritte ohne Wahl werden übersprungen.
- Ein Einkommen, das du senken darfst, kommt mit „stattdessen“-Knöpfen; ein Kartenziehen bei leerem Nachzieh- und Ablagestapel musst du senken.
- Hand, Nachziehstapel, Sonnenfinsternisstapel und begrabene Karten sind privat; die anderen sehen die Anzahl. Die Stapel sehen alle in der Sonnenfinsternis, begrabene Karten am Spielende.
- Frist verpasst: die anderen stimmen ab: warten, überspringen (der Bot nimmt eine sichere Vorgabe, z. B. Ruhen oder Passen) oder den Computer deinen Platz spielen lassen.
- Allein rückgängig machen nur deine eigene letzte Entscheidung, die nichts aufgedeckt hat (keine Karte gezogen, kein Tier oder Plättchen aufgedeckt); alles andere braucht die Zustimmung der anderen.`,
};

export const rules: { en: RulesSummary; de: RulesSummary } = { en, de };
