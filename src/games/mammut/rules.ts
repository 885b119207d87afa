/** Our own summary of the Mammut rules (Markdown), in pages, with the project's rulings. */
import type { RulesSummary } from '../types.js';

const en: RulesSummary = {
  setup: `**The game:** for 2–5 players. After the mammoth hunt the tribe shares out the loot: each round you grab a share of the loot tiles, then every share is scored. Whoever has the most victory points (VP) after round 5 wins. 2–3 players play rounds 1–5 (5 rounds), 4–5 players rounds 2–5 (4 rounds).

**What is in play:**
- 31 loot tiles and 1 shaman tile. 26 loot tiles have 2 different sides, each an axe, fur, tusk, meat, fire or **?** (a ? side hides a real face on its back).
- 5 animal tiles (cave bear, wolf, reindeer, boar, hare) show the same animal on both sides.
- The shaman tile shows red arrows (clockwise) on one side and blue arrows (counter-clockwise) on the other.
- 19 action cards: 8 loot cards and 11 scoring cards.
- Collection animals: 7 sorts, 5 of each: the 5 above plus owl and salmon. Owl and salmon are on no loot tile: they come only at random from the 4–5-player starting draw, or from scoring cards.
- The fur track and the score track (VP).

**Set-up:**
- The action cards are shuffled; everyone gets 2 face down, the rest is the draw pile.
- Everyone's fur marker starts on the start space (0) of the fur track, and everyone's score marker on space 10 of the score track: everyone starts with 10 VP.
- 2–3 players: the round counter starts on round 1. 4–5 players: on round 2.
- 4–5 players only: 1 collection animal of each of the 7 sorts goes into a bag and every player draws 1, so all starting animals are different; the rest goes back to the supply.
- The start player is drawn by lot (the rulebook: the youngest player).

**Turn order:** the start player begins, then clockwise (the order in which you joined). Whoever ends the sharing of a round by taking the rest of the middle is the start player of the next round.`,

  turn: `**Dropping the loot:** the start player empties the bag: all 31 loot tiles and the shaman tile land in the middle, each on a random side, and nobody turns them. The side the shaman tile shows sets the tie order (see the scoring page).

**Sharing out the loot:** the start player begins, then clockwise. On your turn you may first play any number of action cards; then you must do exactly 1 of these:
- take as many tiles from the middle as you like (at least 1; all of them is allowed), or
- take another player's whole share, put at least 1 of its tiles back into the middle and keep the rest.

**Who is on turn:** a player who holds a share is skipped. A player whose share was taken (or sent back by a card) has no loot again and rejoins in the usual order. The start player's first take must come from the middle. The shaman tile is loot like any other tile and can be taken.

**End of the sharing:** when the **last** player without loot takes from the middle, he must take **everything** left there. That ends the sharing, and he is the start player of the next round. He may take another player's share instead; then that player is the last one without loot.

**Loot cards** (played face up, they act at once for you):
- 3× look secretly under 1–2 ? tiles, in the middle or in any share.
- 3× turn over 1–2 tiles, in the middle or in any share: the shaman tile too (that reverses the tie order), animal tiles never.
- 2× 1 or more players put their whole share back into the middle (2 players: 1 or more shares, your own allowed).

**Scoring cards** (played face down, revealed when scoring starts; they can affect other players too):
- 2× counts as 1 fur tile for you.
- 2× 1 of your animal tiles brings any collection animal you lack.
- 1× every player scores 2 VP per axe tile, on top of the usual scoring.
- 1× the most fur tiles this round: 4 VP (the fur track does not matter).
- 1× the most fur tiles this round: a collection animal of your choice (the fur track does not matter).
- 1× counts as 1 fur tile for the player with the most axe tiles.
- 1× the most tusk tiles: 4 VP.
- 1× counts as 1 fire tile for the player with the most tusk tiles.
- 1× counts as 1 fire tile for the player with the most axe tiles.

**Two players:** each of you collects 2 separate shares. You take turns, and each take makes 1 new share; a player is skipped only once he holds 2 shares. Taking from your opponent, you take only 1 of his shares. Whoever would make the 4th share from the middle must take everything left there. At scoring, your 2 shares count together.

**End of the round:** the played cards go onto the discard pile, the round counter moves on 1 space and all tiles go back into the bag. After round 5 the final scoring follows.`,

  scoring: `**Preparation:** first all played scoring cards are revealed, then every ? tile in the shares is turned over; its other side counts. Then everyone's loot is scored in this order (a scoring card acts at the category it is about):
- **Axes:** 1 action card per axe tile; players draw one after another, from the holder of the shaman tile on, clockwise. In round 5 no cards are drawn: each axe tile is worth 3 VP instead.
- **Furs:** your marker moves 1 space on the fur track per fur tile. The player furthest along scores as many VP as the round number, the one furthest back loses as many (round 4: +4 and −4). This counts even when nobody has fur.
- **Tusks:** 2 VP per tusk tile.
- **Meat:** the most meat tiles 8 VP, the second most 5 VP, the third most 2 VP. 3 players: only 8 and 5; 2 players: only 8. Without meat tiles you get nothing here.
- **Fire:** the player with the fewest fire tiles loses 5 VP, even with 0. 2 players: the other player scores 1 VP per fire tile.
- **Animals:** for each animal tile you get the matching collection animal, unless you already own that sort; then the tile brings nothing. Nobody owns a sort twice.

**Ties (the shaman):** the shaman tile decides every tie, in every category. Its holder comes first in every tie he is part of; then the other tied players follow in the arrows' direction (red: clockwise, blue: counter-clockwise), counted from him. Where the fewest lose points, the tied player ranked worst loses them. Example with 4 players, player 2 holding the shaman, red arrows: order 2, 3, 4, 1.

**Never below 0:** nobody's score drops below 0 VP: a loss that would go lower stops at 0.

**End of the game:** after the scoring of round 5 the game ends with the final scoring: VP for the number of different collection animals: 0–2 → 0 VP, 3 → 4, 4 → 9, 5 → 15, 6 → 22, 7 → 30 VP. Action cards still in your hand are worth nothing.

**Winner:** the most VP. If tied, the tied player furthest along the fur track wins. If they are level there too, they win together.`,

  rulings: `**Campfire's rulings** (where the rulebook leaves it open):
- The start player is drawn by lot; "clockwise" is the order in which you joined.
- The tile mix is our reconstruction (the rulebook's pictures are lost). Faces on the 26 two-sided tiles: meat 10, tusk 10, fur 9, fire 8, axe 7, ? 8; plus the 5 animal tiles. Owl and salmon are on no loot tile: they come only at random from the 4–5-player starting draw, or through a card: the card that lets an animal tile bring any animal, and the card for the most fur tiles.
- Taking from the middle means at least 1 tile. Taking a share, you may put every tile back and keep nothing; a share of 1 tile goes straight back.
- "The most X" on a scoring card needs at least 1 X (if nobody qualifies, the card does nothing). The fur track's first and last place and the fewest-fire penalty apply even at 0.
- A card that counts as a fur or fire tile counts everywhere: on the fur track, for the "most fur tiles" cards and for the 2-player fire bonus. The "most axe tiles" and "most tusk tiles" conditions on those cards count tiles only.
- Points from scoring cards come right after their category. Animal choices come at the animal step: first the any-animal cards, in tie order, then the animal for the most fur tiles.
- The any-animal card uses an animal tile that brought nothing; without one, you may swap what one of this round's animal tiles brought. You may decline it; the animal for the most fur tiles cannot be declined.
- The 0 VP floor applies after each single award.
- An empty draw pile is refilled by shuffling the discard pile; this round's played cards only get there at the end of the round. If both are empty, no card is drawn.
- After a tile is turned over, everybody knows both its sides.
- You can look only under ? tiles whose back you do not know yet.
- 2 players: the "last player" is the one who would make the 4th share.
- While nobody holds the shaman tile, the tie order starts at the start player, clockwise. At scoring someone always holds it, as the last taker takes the whole middle.

**How the bot runs it:**
- Tiles that look the same to you are interchangeable: you pick kinds (1 tile, all of a kind, everything, or "Pick a mix of tiles…") and the game takes matching tiles.
- Only you see what you looked under and which scoring cards you played face down (your hand picture, your log and your direct messages); the others see that you did it.
- After choosing a loot card you can press "Back" before "Done" and keep the card.
- Scoring runs by itself and is shown in the log and in the round's scoring table; you are asked only to choose collection animals.`,
};

const de: RulesSummary = {
  setup: `**Das Spiel:** für 2–5 Spieler. Nach der Mammutjagd wird die Beute verteilt: In jeder Runde sicherst du dir einen Anteil an Beuteplättchen, danach wird jeder Anteil gewertet. Wer nach Runde 5 die meisten Siegpunkte (SP) hat, gewinnt. Zu 2–3 spielt ihr die Runden 1–5 (5 Runden), zu 4–5 die Runden 2–5 (4 Runden).

**Spielmaterial:**
- 31 Beuteplättchen und 1 Schamanenplättchen. 26 Beuteplättchen haben 2 verschiedene Seiten, jede zeigt Axt, Fell, Stoßzahn, Fleisch, Feuer oder **?** (ein Fragezeichen verbirgt eine echte Seite auf der Rückseite).
- 5 Tierplättchen (Höhlenbär, Wolf, Rentier, Wildschwein, Hase) zeigen auf beiden Seiten dasselbe Tier.
- Das Schamanenplättchen zeigt auf einer Seite rote Pfeile (im Uhrzeigersinn), auf der anderen blaue Pfeile (gegen den Uhrzeigersinn).
- 19 Aktionskarten: 8 Beutekarten und 11 Wertungskarten.
- Sammeltiere: 7 Sorten zu je 5: die 5 oben genannten und dazu Eule und Lachs. Eule und Lachs liegen auf keinem Beuteplättchen: es gibt sie nur zufällig als Starttier (zu 4–5) oder über Wertungskarten.
- Die Fellzählleiste und die Mammutzählleiste (SP).

**Aufbau:**
- Die Aktionskarten werden gemischt; jeder erhält 2 verdeckt, der Rest ist der Kartennachziehstapel.
- Jedes dünne Mammut beginnt auf dem Startfeld (0) der Fellzählleiste, jedes dicke Mammut auf Feld 10 der Mammutzählleiste: alle beginnen mit 10 SP.
- 2–3 Spieler: der Rundenzählstein beginnt auf Runde 1. 4–5 Spieler: auf Runde 2.
- Nur zu 4–5: Je 1 Sammeltier jeder der 7 Sorten kommt in den Beutel und jeder Spieler zieht 1, also sind alle Starttiere verschieden; der Rest geht zurück in den Vorrat.
- Der Startspieler wird ausgelost (laut Spielanleitung der jüngste Spieler).

**Reihenfolge:** Der Startspieler beginnt, dann geht es im Uhrzeigersinn weiter (in der Reihenfolge, in der ihr beigetreten seid). Wer das Aufteilen der Beute einer Runde beendet, indem er den Rest der Mitte nimmt, ist in der nächsten Runde Startspieler.`,

  turn: `**Ausschütten der Beute:** Der Startspieler leert den Beutel: alle 31 Beuteplättchen und das Schamanenplättchen landen in der Mitte, jedes auf einer zufälligen Seite, und niemand dreht sie um. Die Seite des Schamanenplättchens bestimmt die Reihenfolge bei Gleichstand (siehe die Seite Wertung).

**Aufteilen der Beute:** Der Startspieler beginnt, dann im Uhrzeigersinn. In deinem Zug darfst du zuerst beliebig viele Aktionskarten spielen; dann musst du genau 1 der folgenden Dinge tun:
- beliebig viele Plättchen aus der Mitte nehmen (mindestens 1; auch alle sind erlaubt), oder
- den ganzen Anteil eines Mitspielers nehmen, mindestens 1 seiner Plättchen in die Mitte zurücklegen und den Rest behalten.

**Wer am Zug ist:** Wer einen Anteil vor sich hat, wird übersprungen. Wem der Anteil genommen (oder per Karte zurückgeschickt) wurde, der hat wieder keine Beute und kommt in der üblichen Reihenfolge wieder dran. Beim ersten Mal muss der Startspieler aus der Mitte nehmen. Das Schamanenplättchen ist Beute wie jedes andere Plättchen und kann genommen werden.

**Ende des Aufteilens:** Nimmt der **letzte** Spieler ohne Beute aus der Mitte, muss er **alles** nehmen, was dort noch liegt. Damit endet das Aufteilen, und er ist in der nächsten Runde Startspieler. Er darf stattdessen den Anteil eines Mitspielers nehmen; dann ist dieser der letzte ohne Beute.

**Beutekarten** (offen gespielt, sie wirken sofort für dich):
- 3× heimlich unter 1–2 Fragezeichenplättchen schauen, in der Mitte oder in einem beliebigen Anteil.
- 3× 1–2 Plättchen umdrehen, in der Mitte oder in einem beliebigen Anteil: auch das Schamanenplättchen (das kehrt die Reihenfolge bei Gleichstand um), nie Tierplättchen.
- 2× 1 oder mehrere Spieler legen ihren ganzen Anteil zurück in die Mitte (zu zweit: 1 oder mehrere Anteile, auch ein eigener).

**Wertungskarten** (verdeckt gespielt, aufgedeckt, wenn die Wertung beginnt; sie können auch andere Spieler betreffen):
- 2× zählt für dich als 1 Fellplättchen.
- 2× 1 deiner Tierplättchen bringt ein beliebiges Sammeltier, das dir fehlt.
- 1× jeder Spieler erhält 2 SP je Axtplättchen, zusätzlich zur normalen Wertung.
- 1× die meisten Fellplättchen dieser Runde: 4 SP (die Fellzählleiste zählt hier nicht).
- 1× die meisten Fellplättchen dieser Runde: ein Sammeltier nach Wahl (die Fellzählleiste zählt hier nicht).
- 1× zählt als 1 Fellplättchen für den Spieler mit den meisten Axtplättchen.
- 1× die meisten Stoßzahnplättchen: 4 SP.
- 1× zählt als 1 Feuerplättchen für den Spieler mit den meisten Stoßzahnplättchen.
- 1× zählt als 1 Feuerplättchen für den Spieler mit den meisten Axtplättchen.

**Zu zweit:** Jeder sammelt 2 getrennte Anteile. Ihr seid abwechselnd am Zug, und jedes Nehmen bildet 1 neuen Anteil; übersprungen wird nur, wer schon 2 Anteile hat. Nimmst du vom Gegner, nimmst du nur 1 seiner Anteile. Wer den 4. Anteil aus der Mitte bilden würde, muss alles nehmen, was dort noch liegt. In der Wertung zählen deine 2 Anteile zusammen.

**Ende einer Runde:** Die gespielten Karten kommen auf den Ablagestapel, der Rundenzählstein rückt 1 Feld weiter und alle Plättchen kommen zurück in den Beutel. Nach Runde 5 folgt die Schlusswertung.`,

  scoring: `**Vorbereitung der Wertung:** Zuerst werden alle gespielten Wertungskarten aufgedeckt, dann wird jedes Fragezeichenplättchen in den Anteilen umgedreht; seine andere Seite zählt. Danach wird die Beute aller Spieler in dieser Reihenfolge gewertet (eine Wertungskarte wirkt bei der Kategorie, um die es auf ihr geht):
- **Axt:** 1 Aktionskarte je Axtplättchen; gezogen wird nacheinander, beginnend beim Spieler mit dem Schamanenplättchen, im Uhrzeigersinn. In Runde 5 gibt es keine Karten mehr: jedes Axtplättchen bringt stattdessen 3 SP.
- **Felle:** Dein Mammut rückt auf der Fellzählleiste 1 Feld je Fellplättchen vor. Wer dort am weitesten vorn steht, bekommt SP in Höhe der Rundenzahl; wer am weitesten hinten steht, verliert ebenso viele (Runde 4: +4 und −4). Das gilt auch, wenn niemand Felle hat.
- **Stoßzähne:** 2 SP je Stoßzahnplättchen.
- **Fleisch:** die meisten Fleischplättchen 8 SP, die zweitmeisten 5 SP, die drittmeisten 2 SP. Zu dritt nur 8 und 5, zu zweit nur 8. Wer kein Fleischplättchen hat, bekommt hier nichts.
- **Feuer:** Wer die wenigsten Feuerplättchen hat, verliert 5 SP, auch mit 0. Zu zweit erhält der andere 1 SP je Feuerplättchen.
- **Tiere:** Für jedes Tierplättchen bekommst du das passende Sammeltier, außer du hast diese Sorte schon; dann bringt es nichts ein. Niemand besitzt eine Sorte zweimal.

**Gleichstand (der Schamane):** Das Schamanenplättchen entscheidet jeden Gleichstand, in jeder Kategorie. Wer es hat, liegt bei jedem Gleichstand vorn, an dem er teilhat; danach folgen die anderen Beteiligten in Pfeilrichtung (rot: im Uhrzeigersinn, blau: gegen den Uhrzeigersinn), von ihm aus gezählt. Wo die wenigsten Punkte verlieren, verliert sie der am schlechtesten platzierte Beteiligte. Beispiel mit 4 Spielern, Spieler 2 hat den Schamanen, rote Pfeile: Reihenfolge 2, 3, 4, 1.

**Nie unter 0:** Niemand fällt unter 0 SP: ein Abzug, der tiefer führen würde, endet bei 0.

**Spielende und Schlusswertung:** Nach der Wertung der Runde 5 endet das Spiel mit der Schlusswertung: SP für die Anzahl verschiedener Sammeltiere: 0–2 → 0 SP, 3 → 4, 4 → 9, 5 → 15, 6 → 22, 7 → 30 SP. Aktionskarten, die du noch auf der Hand hast, zählen nichts.

**Sieg:** Die meisten SP. Bei Gleichstand gewinnt unter den Beteiligten, wer auf der Fellzählleiste am weitesten vorn steht. Sind sie auch dort gleichauf, gewinnen sie gemeinsam.`,

  rulings: `**Festlegungen von Campfire** (wo die Spielanleitung offen bleibt):
- Der Startspieler wird ausgelost; „im Uhrzeigersinn“ ist die Reihenfolge, in der ihr beigetreten seid.
- Die Mischung der Plättchen ist unser Nachbau (die Bilder der Spielanleitung fehlen). Seiten der 26 zweiseitigen Plättchen: Fleisch 10, Stoßzahn 10, Fell 9, Feuer 8, Axt 7, ? 8; dazu die 5 Tierplättchen. Eule und Lachs liegen auf keinem Beuteplättchen: es gibt sie nur zufällig als Starttier zu 4–5 oder über eine Karte: die Karte, mit der ein Tierplättchen ein beliebiges Tier bringt, und die Karte für die meisten Fellplättchen.
- Aus der Mitte nimmst du mindestens 1 Plättchen. Nimmst du einen Anteil, darfst du auch alle Plättchen zurücklegen und nichts behalten; ein Anteil aus 1 Plättchen geht sofort zurück.
- „Die meisten X“ auf einer Wertungskarte setzt mindestens 1 X voraus (erfüllt es niemand, wirkt die Karte nicht). Vorn und hinten auf der Fellzählleiste und der Abzug für die wenigsten Feuerplättchen gelten auch bei 0.
- Eine Karte, die als Fell- oder Feuerplättchen zählt, zählt überall: auf der Fellzählleiste, für die Karten „meiste Fellplättchen“ und für den Feuer-Bonus bei 2 Spielern. Die Bedingungen „meiste Axtplättchen“ und „meiste Stoßzahnplättchen“ auf diesen Karten zählen nur Plättchen.
- Punkte von Wertungskarten gibt es direkt nach ihrer Kategorie. Tierwahlen kommen bei den Tieren: zuerst die Karten für ein beliebiges Tier, in der Reihenfolge bei Gleichstand, dann das Tier für die meisten Fellplättchen.
- Die Karte für ein beliebiges Tier nutzt ein Tierplättchen, das nichts gebracht hat; ohne ein solches darfst du tauschen, was eines deiner Tierplättchen dieser Runde gebracht hat. Du darfst darauf verzichten; auf das Tier für die meisten Fellplättchen nicht.
- Die Untergrenze von 0 SP gilt nach jeder einzelnen Vergabe.
- Ist der Kartennachziehstapel leer, wird der Ablagestapel gemischt; die Karten dieser Runde kommen erst am Rundenende dorthin. Sind beide leer, wird keine Karte gezogen.
- Nach dem Umdrehen eines Plättchens kennen alle beide Seiten.
- Schauen kannst du nur unter Fragezeichenplättchen, deren Rückseite du noch nicht kennst.
- Bei 2 Spielern ist der „letzte Spieler“ der, der den 4. Anteil bilden würde.
- Solange niemand das Schamanenplättchen hat, beginnt die Reihenfolge bei Gleichstand beim Startspieler, im Uhrzeigersinn. Bei der Wertung hat es immer jemand, da der Letzte die ganze Mitte nimmt.

**So führt der Bot das Spiel:**
- Plättchen, die für dich gleich aussehen, sind austauschbar: du wählst Sorten (1 Plättchen, alle einer Sorte, alles oder „Eine Mischung wählen …“), und das Spiel nimmt passende Plättchen.
- Was du unter einem Plättchen gesehen hast und welche Wertungskarten du verdeckt gespielt hast, siehst nur du (dein Handbild, dein Protokoll und deine Direktnachrichten); die anderen sehen, dass du es getan hast.
- Nach der Wahl einer Beutekarte kannst du vor „Fertig“ auf „Zurück“ drücken und behältst die Karte.
- Die Wertung läuft von selbst und steht im Protokoll und in der Wertungstabelle der Runde; gefragt wirst du nur bei der Wahl von Sammeltieren.`,
};

export const rules: { en: RulesSummary; de: RulesSummary } = { en, de };
