/**
 * Our own summary of the Eiszeit rules (Markdown, en and de), in four pages, including the project's rulings.
 * The German uses the rulebook's own terms (Durchgang, Siedeln, Zählleiste, Feuer-Plättchen, „platzieren“ …).
 */
import type { RulesSummary } from '../types.js';

const en: RulesSummary = {
  setup: `**Eiszeit** — 3 to 5 players lead clans of Ice Age hunters. Over 4 rounds you bring your hunters into the regions where the mammoths are, because those score the most; crowded regions lose hunters in conflicts, and glaciers creep down from the top edge of the board. Whoever has the most points after the last scoring wins. Short game (lobby option): 3 rounds.

**Components.** A board with 12 numbered regions; each shows 1 of 6 landscapes, every landscape in 2 regions, and regions 1–4 border the top edge. 65 hunters (13 per colour), 6 mammoths, 12 glacier tiles, 50 stones (the currency), 14 fire tiles (4 of value 0, 5 each of values 1 and 2), 6 clubs, 55 cards (33 light, 22 dark).

**By player count**
- 3 players: glacier tiles cover regions 1–4; 1 mammoth in each of regions 5–8, the other 2 go back in the box; the dark supply gets 20 stones.
- 4 players: glacier tiles cover regions 1 and 4; 1 mammoth in each of regions 2, 3, 6 and 7, 1 more stands beside the board, the 6th goes back in the box; the dark supply gets 25 stones.
- 5 players: no region is covered; 1 mammoth in each of regions 1–4, the other 2 stand beside the board; the dark supply gets 30 stones.

Covered regions can never be entered by hunters or mammoths. The other glacier tiles wait in a pile beside the board; stones not needed go back in the box.

**Each player** takes 13 hunters of one colour — 1 of them is the score marker on the score track, the other 12 are the player's supply — and 4 stones. Everything you own (hunters, stones, clubs) lies open in front of you.

**Cards, fire, clubs.** The light and the dark cards are shuffled separately into 2 face-down draw piles. Shuffle the 14 fire tiles face down and put 1 of them face down into every glacier-free region; the rest lie face down beside the board. The 6 clubs wait beside the board too; with the spare mammoths and fire tiles they form the general supply.

**Start player and order.** The rulebook lets the hairiest player start; the bot draws the start player by lot. Play goes clockwise, which in the bot is the seat order.

**Pre-round.** Beginning with the start player, each player in turn places 1 hunter from their supply into any glacier-free region, 6 times around the table, so that everyone has 6 hunters on the board. Then everyone gets 2 light and 3 dark cards as a hidden hand, and the start player opens the settling of round 1.`,

  turn: `**A round** has 4 phases: 1. Settling (playing cards in turn), 2. Conflicts, 3. Scoring, 4. Glacier. How settling ends and phases 2–4 are on the scoring page; except for the glacier choice, the bot runs them by itself.

**Your turn in settling** has 3 steps:
- Play exactly 1 card: it goes face up onto the discard pile of its colour, and its action happens.
- Then you may discard 1 more card, unseen and without effect, under the discard pile of its colour.
- Draw back up to 5 cards, light or dark as you like, as long as you do not end up holding cards of only one colour. An empty draw pile is renewed by shuffling its discard pile, except its face-up top card.

**Light cards** help you: pay the stones shown into the light supply, then carry out the action yourself. A light card is only allowed if you can pay its price in full; otherwise you must play a dark one.
**Dark cards** help the others: take the stones shown from the dark supply; then, as the card says, either one other player of your choice or every other player in turn, starting on your left, carries out the action — all of it, part of it or none.
**8 or more stones** at the start of your turn: you may not play a dark card, you must play a light one (a dark cult card only to use the face-up light card).
**Cult cards** (2 light, 2 dark): use the action of one of the 2 face-up top cards of the discard piles; you pay or take its stones as usual. The cult card itself goes under the discard pile of its colour, so the same action can come up several times in a row.

**Placing and moving.** "Place" brings hunters or mammoths onto the board from outside; "move" shifts pieces already on it. With no hunter left in your supply, you may "place" by moving your own hunters on the board instead. The same holds for mammoths: with none left beside the board, "place" moves a mammoth that is on the board. Regions are neighbours if they share a border. Nobody may enter a glacier region, and a glacier region between 2 regions does not make them neighbours.

**The cards**
- Settle: landscape (light): up to 3 hunters from your supply into one or both regions of that landscape, or instead up to 2 into any 1 or 2 regions.
- Hunters and mammoth (light): up to 2 of your hunters and 1 mammoth from the general supply into one region; if none is left there, a mammoth from a neighbouring region.
- Trek with the herd (light): up to 3 of your hunters from one region into one neighbouring region; a mammoth of that region may come along.
- Mammoth (light): a new mammoth into any region (2 stones), a mammoth into a neighbouring region (3) or into a region that is not a neighbour (5).
- Carry fire (light), Fire for another (dark): move 1 fire tile, unseen, into another region; a region may hold several.
- Trade places (light): 2 hunters in neighbouring regions swap places.
- Club (light): a club (see the scoring page), or instead a mammoth from the general supply into any region (none left: move one into a neighbouring region).
- Stampede (light): up to 3 hunters, anyone's, each into a neighbouring region; not all 3 of one player.
- Newcomers / Newcomer (dark): from your left, every other player may place up to 2 hunters (into 1 or 2 regions) / 1 hunter.
- Drive off two / one (dark): the chosen player sends up to 2 hunters (not both of one player) / 1 hunter from the board back to their owners.
- Gift (dark): the chosen player takes a club or moves up to 2 of their own hunters into any regions.
- Herd moves on (dark): the chosen player puts any mammoth from the board back into the general supply.`,

  scoring: `**End of settling.** Whoever takes the last stone from the dark supply (missing stones come from the light supply) ends settling once that card's action is done.

**Clubs.** While the general supply has one, a club card lets you take it: put it under one of your hunters on the board at once, or keep it and give it later to a hunter you place or move yourself. From then on it stays with that hunter until the next conflict. You may own several clubs, but a hunter carries at most 1. In the next conflict that hunter is protected: it counts, but never has to leave. Opponents may never move, swap or remove a hunter that has a club; its owner may.

**Conflicts** (phase 2, automatic). All fire tiles are turned face up where they lie. Then every region is checked against its limit: 3 hunters, plus 1 per mammoth there, plus the value of each fire tile there (0, 1 or 2). Example: 1 mammoth and a fire tile of 2 allow 6 hunters.
- Over the limit: first the player with the fewest hunters there returns 1 hunter to their supply, then the one with the second fewest, and so on; this goes round again in the same order until no more hunters stand there than the limit allows. Players with equal numbers there go at the same time, 1 hunter each.
- A hunter with a club counts for the limit and for its owner's number but is never removed; whoever has only such hunters left there is skipped.
- Once all conflicts are settled, the board is cleared of fire tiles and clubs, whether they did anything or not; they lie in the general supply again. Clubs lying in front of a player stay with that player.

**Scoring** (phase 3, automatic). Every hunter on the board scores: 1 point in a region without mammoths, 2 with 1 mammoth, 3 with 2 or more (never more than 3). Each player moves their score marker along the score track accordingly.

**Glacier** (phase 4). The player whose score marker is furthest behind on the score track may cover 1 free region with that region's glacier tile; it must border a covered region or the top edge of the board. Tie for last place: fewer hunters on the board, then fewer stones, then lot. Hunters there go back to their owners, mammoths there to the general supply. A covered region still exists but can no longer be entered; where a card allows any region, pieces may cross it.

**Next round**
- The stones of the light supply become the new dark supply. If it holds fewer than 10, all players pay in equal shares from their own stones (as far as they have them) until it holds at least 10.
- The 14 fire tiles are gathered, shuffled face down and dealt again: 1 face down into every glacier-free region, the rest face down beside the board.
- The new round is opened by the player to the left of whoever ended settling.

**Last round** (round 4, or 3 in the short game): the action of the dark card that ends settling is ignored, and nobody gets its stones: they go straight from the dark into the light supply. There is no glacier phase after the last scoring.

**End.** After the scoring of the last round the player with the most points wins. Tie: more hunters on the board, then more stones; if still equal, the victory is shared (our ruling).`,

  rulings: `**Campfire's rulings** where the rulebook leaves things open:
- Conflicts: the order is fixed from the numbers before anyone leaves, and the conflict stops as soon as the limit is reached, even partway through a group. If nobody can remove a hunter, the region stays over its limit.
- With 8 or more stones a light cult card, too, may only use the face-up light card.
- A cult card can only be played for a top card you could use: a light one only if you can pay it.
- A hunter moved instead of placed (empty supply) may come from any region and counts towards the card's number.
- A cult card never uses another cult card: cult cards and discarded cards always go under their pile, never on top.
- Drawing: you choose the light/dark mix of all cards to draw at once. If no mix avoids 5 of one colour (piles used up), you draw what is left.
- If no card in your hand can be played (very rare), you lay 1 down without effect.
- The chosen player of a dark card is always another player, never you.
- A moved hunter takes its club along, and each hunter moves at most once per action. If its owner removes a hunter with a club, the club goes back to the general supply.
- Trade places: the 2 hunters must differ (colour or club). You may give a club you hold to your own hunter that the swap moves.
- Fire tiles move only into glacier-free regions; you pick a tile by where it lies, never seeing its value.
- Gift (dark) offers a club or moving up to 2 hunters, no mammoth.
- The glacier may be declined.
- Fewer than 10 stones in the new dark supply: the shortfall is split evenly, rounded up per player, and everyone pays what they can (shortfall 4, 3 players, one holds 1 stone: 1 + 2 + 2 = 11).
- In every round but the last, the player whose dark card ends settling still discards and draws as usual.

**Reconstructed.** The rulebook text lost its pictures, so we drew the board (which regions border which) and chose the landscapes: tundra 1 + 8, steppe 2 + 11, forest 3 + 10, hills 4 + 5, river valley 6 + 12, marsh 7 + 9. The stone value of each card is ours too, except the mammoth card (2 / 3 / 5); every card button shows what it costs or pays. Card names and texts are ours.

**In the bot**
- It draws the start player, shuffles and deals, and runs conflicts, scoring, the new dark supply and the fire tiles itself; the game log shows each region's limit, who lost how many hunters and the points.
- Your hand is behind the “My hand” button and in your direct messages; the others see only how many light and dark cards you hold, and never what you discard.
- While you carry out your own card, “Back” takes your steps back until you choose what to discard; on a dark card your part is fixed once the action passes to another player.
- A tie for the glacier is decided by lot, drawn by the bot and shown in the log.`,
};

const de: RulesSummary = {
  setup: `**Eiszeit** — 3 bis 5 Spieler führen Sippen von Eiszeitjägern. In 4 Durchgängen bringt ihr eure Jäger in die Gebiete, in denen die Mammuts stehen, denn dort gibt es die meisten Siegpunkte; überfüllte Gebiete verlieren in Konflikten Jäger, und Gletscher schieben sich vom oberen Rand des Spielplans herab. Wer nach der letzten Wertung die meisten Punkte hat, gewinnt. Kurzes Spiel (Option in der Lobby): 3 Durchgänge.

**Spielmaterial.** Ein Spielplan mit 12 nummerierten Gebieten; jedes zeigt 1 von 6 Landschaftsarten, jede Landschaftsart in 2 Gebieten, und die Gebiete 1–4 grenzen an den oberen Rand. 65 Jäger (13 pro Farbe), 6 Mammuts, 12 Gletscherteile, 50 Steine (die Währung), 14 Feuer-Plättchen (4 mit dem Wert 0, je 5 mit den Werten 1 und 2), 6 Keulen, 55 Spielkarten (33 helle, 22 dunkle).

**Nach Spieleranzahl**
- 3 Spieler: Gletscherteile decken die Gebiete 1–4 ab; je 1 Mammut in die Gebiete 5–8, die übrigen 2 kommen in die Schachtel; in den dunklen Vorrat kommen 20 Steine.
- 4 Spieler: Gletscherteile decken die Gebiete 1 und 4 ab; je 1 Mammut in die Gebiete 2, 3, 6 und 7, 1 weiteres steht neben dem Spielplan bereit, das 6. kommt in die Schachtel; in den dunklen Vorrat kommen 25 Steine.
- 5 Spieler: kein Gebiet wird abgedeckt; je 1 Mammut in die Gebiete 1–4, die übrigen 2 stehen neben dem Spielplan bereit; in den dunklen Vorrat kommen 30 Steine.

Abgedeckte Gebiete dürfen Jäger und Mammuts nie betreten. Die übrigen Gletscherteile liegen als Stapel neben dem Spielplan; nicht benötigte Steine kommen in die Schachtel.

**Jeder Spieler** erhält 13 Jäger einer Farbe — 1 davon steht als Zählstein auf der Zählleiste, die anderen 12 bilden seinen Vorrat — und 4 Steine. Alles, was man besitzt (Jäger, Steine, Keulen), liegt offen vor einem.

**Karten, Feuer, Keulen.** Helle und dunkle Spielkarten werden getrennt gemischt und bilden 2 verdeckte Aufnahmestapel. Man mischt die 14 Feuer-Plättchen verdeckt und legt 1 davon verdeckt in jedes gletscherfreie Gebiet; der Rest liegt verdeckt neben dem Spielplan. Auch die 6 Keulen liegen neben dem Spielplan bereit; mit den übrigen Mammuts und Feuer-Plättchen bilden sie den allgemeinen Vorrat.

**Startspieler und Reihenfolge.** Laut Regel beginnt der behaarteste Spieler; der Bot lost den Startspieler aus. Gespielt wird im Uhrzeigersinn, im Bot also in der Reihenfolge der Plätze.

**Vorrunde.** Beginnend mit dem Startspieler setzt jeder 1 Jäger aus seinem Vorrat in ein beliebiges gletscherfreies Gebiet, 6-mal reihum, sodass jeder 6 Jäger auf dem Spielplan hat. Danach erhält jeder 2 helle und 3 dunkle Spielkarten verdeckt auf die Hand, und das Siedeln des 1. Durchgangs eröffnet der Startspieler.`,

  turn: `**Ein Durchgang** hat 4 Phasen: 1. Siedeln (reihum Karten spielen), 2. Konflikte, 3. Wertung, 4. Gletscher. Das Ende des Siedelns und die Phasen 2–4 stehen auf der Seite Wertung; bis auf die Wahl des Gletschers führt der Bot sie selbst aus.

**Dein Zug beim Siedeln** hat 3 Schritte:
- Genau 1 Handkarte ausspielen: sie kommt offen auf den Ablagestapel ihrer Farbe, und ihre Aktion tritt in Kraft.
- Danach darfst du 1 weitere Karte abwerfen, ungesehen und ohne Wirkung, unter den Ablagestapel ihrer Farbe.
- Auf 5 Handkarten nachziehen, hell oder dunkel nach Wahl, solange du danach nicht nur Karten einer Farbe hältst. Ein leerer Aufnahmestapel wird aus seinem Ablagestapel neu gemischt, ohne dessen offene oberste Karte.

**Helle Karten** nützen dir: die angegebenen Steine in den hellen Vorrat zahlen, dann die Aktion selbst ausführen. Erlaubt ist eine helle Karte nur, wenn du ihren Preis ganz zahlen kannst; sonst musst du eine dunkle spielen.
**Dunkle Karten** nützen den Mitspielern: die angegebenen Steine aus dem dunklen Vorrat nehmen; dann führt je nach Karte ein Mitspieler deiner Wahl oder reihum, links beginnend, jeder Mitspieler die Aktion aus — ganz, teilweise oder gar nicht.
**8 oder mehr Steine** zu Beginn deines Zuges: keine dunkle Karte, du musst eine helle spielen (eine dunkle Kult-Karte nur, um die offene helle Karte zu nutzen).
**Kult-Karten** (2 helle, 2 dunkle): die Aktion einer der 2 obersten offenen Karten der Ablagestapel nutzen; deren Steine zahlst oder nimmst du wie üblich. Die Kult-Karte selbst kommt unter den Ablagestapel ihrer Farbe; so kann dieselbe Aktion mehrmals nacheinander kommen.

**Platzieren und versetzen.** „Platzieren“ bringt Jäger oder Mammuts von außen auf den Spielplan, „versetzen“ bewegt Figuren, die schon darauf stehen. Ist dein Vorrat ohne Jäger, darfst du beim „Platzieren“ stattdessen eigene Jäger auf dem Spielplan versetzen. Dasselbe gilt für Mammuts: steht keines mehr neben dem Spielplan, versetzt du beim „Platzieren“ stattdessen ein Mammut vom Spielplan. Die Knöpfe sagen „einsetzen“ für „platzieren“, wie die Kartentexte des Spiels. Benachbart sind Gebiete, die aneinander grenzen. Gletschergebiete darf niemand betreten, und ein Gletschergebiet zwischen 2 Gebieten macht sie nicht zu Nachbarn.

**Die Karten**
- Siedeln: Landschaft (hell): bis zu 3 Jäger aus deinem Vorrat in eines oder beide Gebiete dieser Landschaft, oder stattdessen bis zu 2 in 1 oder 2 beliebige Gebiete.
- Jäger und Mammut (hell): bis zu 2 eigene Jäger und 1 Mammut aus dem allgemeinen Vorrat in ein Gebiet; ist dort keines mehr, ein Mammut aus einem Nachbargebiet.
- Mit der Herde ziehen (hell): bis zu 3 eigene Jäger aus einem Gebiet in ein Nachbargebiet; ein Mammut aus diesem Gebiet darf mitkommen.
- Mammut (hell): ein neues Mammut in ein beliebiges Gebiet (2 Steine), ein Mammut in ein Nachbargebiet (3) oder in ein nicht benachbartes Gebiet (5).
- Feuer tragen (hell), Feuer für andere (dunkel): 1 Feuer-Plättchen ungesehen in ein anderes Gebiet legen; ein Gebiet darf mehrere haben.
- Platztausch (hell): 2 Jäger in Nachbargebieten tauschen die Plätze.
- Keule (hell): eine Keule (siehe Seite Wertung), oder stattdessen ein Mammut aus dem allgemeinen Vorrat in ein beliebiges Gebiet (keines mehr da: eines in ein Nachbargebiet versetzen).
- Aufruhr (hell): bis zu 3 beliebige Jäger je in ein Nachbargebiet; nicht alle 3 von einem Spieler.
- Zuzug / Neuankömmling (dunkel): links beginnend darf jeder Mitspieler bis zu 2 Jäger (in 1 oder 2 Gebiete) / 1 Jäger platzieren.
- Zwei vertreiben / Einen vertreiben (dunkel): der gewählte Mitspieler schickt bis zu 2 Jäger (nicht beide von einem Spieler) / 1 Jäger vom Spielplan zurück zu ihren Besitzern.
- Geschenk (dunkel): der gewählte Mitspieler nimmt eine Keule oder versetzt bis zu 2 eigene Jäger in beliebige Gebiete.
- Die Herde zieht weiter (dunkel): der gewählte Mitspieler stellt ein beliebiges Mammut vom Spielplan zurück in den allgemeinen Vorrat.`,

  scoring: `**Ende des Siedelns.** Wer den letzten Stein aus dem dunklen Vorrat nimmt (fehlende kommen aus dem hellen Vorrat), beendet das Siedeln, sobald die Aktion dieser Karte ausgeführt ist.

**Keulen.** Solange im allgemeinen Vorrat eine liegt, darfst du sie mit einer Keulen-Karte nehmen: sofort unter einen eigenen Jäger auf dem Spielplan legen oder vor dir behalten und später einem Jäger zuordnen, den du selbst platzierst oder versetzt. Ab dann bleibt sie bis zum nächsten Konflikt bei diesem Jäger. Du darfst mehrere Keulen besitzen, aber ein Jäger trägt höchstens 1. Im nächsten Konflikt ist dieser Jäger geschützt: er zählt mit, muss aber nie gehen. Gegner dürfen einen Jäger mit Keule niemals versetzen, vertauschen oder entfernen; sein Besitzer darf es.

**Konflikte** (Phase 2, automatisch). Alle Feuer-Plättchen werden dort aufgedeckt, wo sie liegen. Dann wird jedes Gebiet mit seinem Limit verglichen: Grundmenge 3 Jäger, plus 1 je Mammut dort, plus der Wert jedes Feuer-Plättchens dort (0, 1 oder 2). Beispiel: 1 Mammut und ein Feuer-Plättchen mit 2 erlauben 6 Jäger.
- Über dem Limit: zuerst gibt der Spieler mit den wenigsten Jägern dort 1 Jäger in seinen Vorrat zurück, danach der mit den zweitwenigsten usw.; diese Runde wiederholt sich in derselben Reihenfolge, bis höchstens noch so viele Jäger dort stehen, wie das Limit erlaubt. Spieler mit gleich vielen Jägern dort nehmen gleichzeitig je 1 Jäger heraus.
- Ein Jäger mit Keule zählt für das Limit und für die Jäger seines Besitzers mit, wird aber nie entfernt; wer dort nur noch solche Jäger hat, wird übersprungen.
- Sind alle Konflikte gelöst, wird der Spielplan von Feuer-Plättchen und Keulen geräumt, ob sie gewirkt haben oder nicht; sie liegen wieder im allgemeinen Vorrat. Keulen, die vor einem Spieler liegen, bleiben bei ihm.

**Wertung** (Phase 3, automatisch). Jeder Jäger auf dem Spielplan bringt Siegpunkte: 1 in einem Gebiet ohne Mammuts, 2 mit 1 Mammut, 3 mit 2 oder mehr (nie mehr als 3). Jeder rückt seinen Zählstein auf der Zählleiste entsprechend vor.

**Gletscher** (Phase 4). Wessen Zählstein auf der Zählleiste am weitesten hinten steht, der darf 1 freies Gebiet mit dem passenden Gletscherteil abdecken; es muss an ein abgedecktes Gebiet oder an den oberen Rand des Spielplans grenzen. Gleichstand auf dem letzten Platz: weniger Jäger auf dem Spielplan, dann weniger Steine, dann das Los. Jäger dort gehen zurück zu ihren Besitzern, Mammuts dort in den allgemeinen Vorrat. Ein abgedecktes Gebiet bleibt ein Gebiet, darf aber nicht mehr betreten werden; wo eine Karte ein beliebiges Gebiet erlaubt, dürfen Figuren es überqueren.

**Nächster Durchgang**
- Die Steine des hellen Vorrats werden zum neuen dunklen Vorrat. Sind es weniger als 10, zahlen alle Spieler zu gleichen Teilen aus ihren eigenen Steinen (soweit vorhanden), bis mindestens 10 dort liegen.
- Alle 14 Feuer-Plättchen werden eingesammelt, verdeckt neu gemischt und wieder verteilt: 1 verdecktes in jedes gletscherfreie Gebiet, der Rest verdeckt neben den Spielplan.
- Den neuen Durchgang eröffnet der Spieler links von dem, der das Siedeln beendet hat.

**Letzter Durchgang** (der 4., im kurzen Spiel der 3.): die Aktion der dunklen Karte, die das Siedeln beendet, entfällt, und ihre Steine bekommt niemand: sie wandern direkt vom dunklen in den hellen Vorrat. Nach der letzten Wertung gibt es keine Gletscher-Phase mehr.

**Spielende.** Nach der Wertung des letzten Durchgangs gewinnt, wer die meisten Punkte hat. Gleichstand: mehr Jäger auf dem Spielplan, dann mehr Steine; ist es dann noch gleich, wird der Sieg geteilt (unsere Regelung).`,

  rulings: `**Festlegungen von Campfire**, wo die Spielregel etwas offen lässt:
- Konflikte: die Reihenfolge ergibt sich aus den Jägerzahlen vor dem ersten Entfernen, und der Konflikt endet, sobald das Limit erreicht ist, auch mitten in einer Gruppe. Kann niemand mehr einen Jäger entfernen, bleibt das Gebiet über dem Limit.
- Mit 8 oder mehr Steinen darf auch eine helle Kult-Karte nur die offene helle Karte nutzen.
- Eine Kult-Karte ist nur für eine offene Karte spielbar, die du nutzen könntest: eine helle nur, wenn du sie bezahlen kannst.
- Ein Jäger, der bei leerem Vorrat versetzt statt platziert wird, darf aus jedem Gebiet kommen und zählt für die Anzahl der Karte.
- Eine Kult-Karte nutzt nie eine andere Kult-Karte: Kult-Karten und abgeworfene Karten kommen immer unter ihren Stapel, nie obenauf.
- Nachziehen: die Mischung aus hellen und dunklen Karten wählst du für alle Karten auf einmal. Verhindert keine Mischung 5 Karten einer Farbe (Stapel aufgebraucht), ziehst du, was übrig ist.
- Ist keine Karte deiner Hand spielbar (sehr selten), legst du 1 ohne Wirkung ab.
- Der gewählte Mitspieler einer dunklen Karte ist immer ein anderer Spieler, nie du selbst.
- Ein versetzter Jäger nimmt seine Keule mit, und jeder Jäger wird pro Aktion höchstens einmal versetzt. Entfernt der Besitzer einen eigenen Jäger mit Keule, kommt die Keule in den allgemeinen Vorrat zurück.
- Platztausch: die 2 Jäger müssen sich unterscheiden (Farbe oder Keule). Du darfst eine Keule, die vor dir liegt, deinem eigenen Jäger geben, den der Tausch versetzt.
- Feuer-Plättchen kommen nur in gletscherfreie Gebiete; du wählst ein Plättchen nach seinem Gebiet, ohne seinen Wert zu sehen.
- Geschenk (dunkel) bietet eine Keule oder das Versetzen von bis zu 2 Jägern, kein Mammut.
- Auf den Gletscher darf man verzichten.
- Weniger als 10 Steine im neuen dunklen Vorrat: der Fehlbetrag wird gleichmäßig geteilt, je Spieler aufgerundet, und jeder zahlt, was er kann (Fehlbetrag 4, 3 Spieler, einer hat 1 Stein: 1 + 2 + 2 = 11).
- In jedem Durchgang außer dem letzten wirft der Spieler, dessen dunkle Karte das Siedeln beendet, noch wie üblich ab und zieht nach.

**Rekonstruiert.** Der Regeltext hat seine Bilder verloren, daher haben wir den Spielplan gezeichnet (welche Gebiete aneinander grenzen) und die Landschaftsarten gewählt: Tundra 1 + 8, Steppe 2 + 11, Wald 3 + 10, Hügelland 4 + 5, Flusstal 6 + 12, Moor 7 + 9. Auch der Steinwert jeder Karte stammt von uns, außer bei der Mammut-Karte (2 / 3 / 5); jede Kartenschaltfläche zeigt, was sie kostet oder bringt. Kartennamen und -texte sind unsere eigenen.

**Im Bot**
- Er lost den Startspieler aus, mischt und teilt aus und führt Konflikte, Wertung, den neuen dunklen Vorrat und die Feuer-Plättchen selbst aus; das Spielprotokoll zeigt für jedes Gebiet das Limit, wer wie viele Jäger verlor, und die Punkte.
- Deine Hand findest du über „Meine Hand“ und in deinen Direktnachrichten; die anderen sehen nur, wie viele helle und dunkle Karten du hältst, und nie, was du abwirfst.
- Während du deine eigene Karte ausführst, nimmt „Zurück“ deine Schritte zurück, bis du wählst, was du abwirfst; bei einer dunklen Karte steht dein Teil fest, sobald die Aktion an einen Mitspieler geht.
- Einen Gleichstand um den Gletscher entscheidet das Los, das der Bot zieht und im Protokoll zeigt.`,
};

export const rules: { en: RulesSummary; de: RulesSummary } = { en, de };
