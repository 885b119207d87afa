/**
 * Our own summary of Das Tal der Mammuts (Markdown, en and de), in four pages: setup, turn, scoring (how the game
 * ends, with the fire rule) and rulings (what Campfire decided where the rulebook is silent, and how the bot runs
 * the game). The German uses the rulebook's own terms; both languages have the same sections, items and numbers.
 */
import type { RulesSummary } from '../types.js';

const en: RulesSummary = {
  setup: `**Das Tal der Mammuts** (Bruno Faidutti): 2 to 6 players each lead a stone-age tribe through summers and winters. They move their people, set up camps, fight other tribes and wild animals, and gather enough food to survive. **Goal:** hold 4 camps at the end of 2 rounds in a row (with the fire rule, also have fire). There is no fixed length: the game lasts until a tribe does it, or until only animals are left.

**Lobby options**
- *Rules*: without or with the advanced rule, fire (see the page on the end of the game).
- *Map*: the board is 2 half boards printed on both sides, so there are 4 maps (1A2A, 1A2B, 1B2A, 1B2B); pick one or let the game draw one. Every map has regions 1 to 6 of plain, forest and mountain (volcanoes count as mountain).
- *Starting food*: 12, or 15 for an easier game.

**Each tribe gets** 10 warriors, 6 women, 5 camp markers (village on one side, cave on the other), its starting food and 5 special cards (4 each with 5 or 6 players); a special card is played at the moment it names, then discarded. The summer and the winter event cards are shuffled as 2 separate decks.

**The animals:** 54 tiles with a letter on the back (9 of each species) go into the bag; the 8 wolves without a letter come only through events and cards. A tile arrives on the hex of its letter (capital letter: mountain; small letter: plain or forest). No animal enters a lake or a burnt or flooded hex, or leaves the board.
- Wolf and sabre-tooth tiger: range 3 hexes, cross mountains but not rivers; killed, they give 1 and 2 food.
- Bear: range 2, crosses mountains and rivers; 3 food.
- Bison (range 2), rhino and mammoth (range 1) cross neither mountains nor rivers; 4, 5 and 6 food. Arriving on or entering a cultivated plain they damage it (marker turned to 1 ear); the next time the field is destroyed (marker removed, the camp stays).

**Placing the tribes**
- The game draws the start player (in the rulebook: the highest die); then everyone places in turn, clockwise.
- Each tribe puts 1 camp, 2 women and 5 warriors together on a free hex of its choice, never on a lake. On a plain or in a forest the camp shows its village side, on a mountain its cave side.
- Your camp may not go next to another tribe's camp unless a river runs between the 2 hexes.
- If you start on a plain, you may pay 1 food at once to cultivate it: a farming marker with 2 ears goes on your hex.

**Seasons:** the season marker starts on the 2nd summer space, so the game opens with only 2 summer rounds; after that 3 winter rounds and 3 summer rounds alternate.

**Turn order:** in round 1 whoever placed first begins. In every later round the start player is the tribe with the most camps (tie: more people, then more food). Play then goes clockwise from the start player, in every phase of that round.`,

  turn: `**10 phases a round,** in order; 7 to 9 only in the last round of a season, 8 only in winter. Fire rule: next page.

**1. Event** (not in rounds 1 and 2): the forest fire and flood markers are removed, then the top card of the season's deck is carried out. Some cards pick a region by die, some last until the season ends.

**2. New animals** come out of the bag, each onto the hex of its letter: 6 in round 1, 4 in other summer rounds, 2 in winter rounds; 5/3/1 when only 2 or 3 tribes are in the game.

**3. Animals move:** a die on the wind rose gives 1 direction for all. Animals on a hex with people do not move.
- Each goes its range straight on, up to an obstacle (set-up page); if its first step is blocked, it goes the opposite way.
- It also stops on reaching people, or its own species, joining the herd (it moves and fights as 1). A move that forms a herd comes first.

**4. People move,** tribe by tribe in turn order.
- Each of your people may go 1 or 2 hexes, alone or in groups; not across lakes or rivers, not onto burnt or flooded hexes; entering a mountain ends the move.
- Meeting animals or another tribe ends it too. From such a hex (also right on arriving) only the surplus goes on: at least as many as there are animals and strangers there stay behind.
- Instead of moving, exactly 1 warrior and 1 woman alone on a free hex may set up a camp (village or cave; 1 per hex, 5 per tribe).
- A camp with none of its tribe's women is abandoned; the marker goes back.

**5. Fights** on each hex with 2 or more tribes, or with people and animals: the start player's first, in the order they choose, then clockwise. Each side throws a die + bonus: +1 per fighter after the first (a lone fighter +0), +1 in its own village, +2 in its own cave. The lower side loses 1 figure that took part, of its own choice. Ties: throw again. The fight goes on until one side has no figures left there.
- Tribes: only warriors fight; the women stay out of it, then go over to the winner (replaced by the winner's women; if it has none left, they leave the game). Women without warriors go over to enemy warriors without a fight, even in a camp. Women alone fight women.
- 3 or more tribes: all throw; the highest throw loses nothing, every other side loses 1.
- A camp left with none of its tribe's people is conquered: the winner takes ¼ of the loser's food (½ if it was the loser's last camp), rounded down, then keeps the camp and the women or loots and burns it.
- Then the animals, species by species; a herd has +1 per animal after the first. Women fight too, without bonus; you choose whom you lose. A killed animal goes back into the bag and gives its food (set-up page). Animals that kill everyone in a camp remove the camp.

**6. Survival:** +1 food per occupied hex by a lake or river (2 if both); in summer +1 per occupied forest hex; in the last summer round +8 per occupied own village on an intact cultivated plain (+4 if damaged). Each warrior and woman costs 1 food. You choose whom to feed: those you cannot or will not pay for leave the tribe.

**7. Births:** a camp with 1 woman has 1 birth, with 2 or more women 2 births. Die: 1–2 a woman, 3–5 a warrior, 6 twins (throw twice; a 6 is then a warrior). At most 10 warriors and 6 women.

**8. Sowing:** you may pay 1 food per seed to put a farming marker (2 ears) on a plain with your village; 1 per hex, 9 markers in all.

**9. Special cards:** each tribe with fewer than 5 cards (4 with 5 or 6 players) draws 1.

**10. End of round:** the season marker moves on; 4 camps are announced (next page).`,

  scoring: `**No points are counted:** the game is won with camps.

**4 camps:** a tribe that holds 4 camps (each with at least 1 of its women) at the end of a round must announce it; the bot does so in the log and on the table. If it still holds 4 camps at the end of the next round (not necessarily the same ones), it wins and the game ends. With the fire rule it must have fire as well, at both moments.

**Ties:** tribes that complete their 2 rounds at the same time all win. The result ranks the others by camps, then people, then food (Campfire's ruling).

**Everybody loses** when only animals are left on the board.

**The return:** a tribe wiped out before the end of the first winter comes back once.
- At the start of the next round, after the event and the new animals, its player puts 3 warriors and 1 woman on a free hex on the rim of the board and gets 8 food and 3 special cards. It then plays on as normal, with no camp until a couple sets one up.
- Each player may return only once; a tribe wiped out later is out for good. The number of new animals then follows the tribes still in the game.

**Fire rule (advanced rules)**
- Goal: 4 camps for 2 rounds in a row, and fire.
- Taking fire: a woman or warrior alone on a volcano hex (no other figure of its tribe, no enemy, no animal) may take fire in your movement, before or after moving. In a round with a forest fire a lone figure beside a burning hex may too, and after an eruption a lone figure that survived on a lava hex.
- Keeping it: the fire marker lies on one of your camps; if that camp is conquered or abandoned it moves to another. With your last camp you lose fire.
- Conquest: conquering a camp of a tribe with fire gives you fire as well; the loser keeps it unless it was its last camp.
- Fights: fire gives +1 against animals, not against tribes.
- Survival: in winter a tribe without fire pays 1.5 food per person, the total rounded down.
- The parts of event and special cards printed in italics count only with this rule.`,

  rulings: `**Campfire's rulings,** where the rulebook is silent, garbled or open:
- Fight bonus: +1 per fighter or animal after the first, so whoever fights alone (warrior or animal) has +0. Women fighting women count the same way.
- Feeding is always a choice, even when there is food for all. Those not fed leave before the rest is paid for: a camp left without women is abandoned at once (and with your last camp your fire, so in winter the rest cost 1.5 each). In a fight the loser picks which figure that took part it loses.
- Figures that leave the game (killed, not fed, burnt, or gone over to a tribe with no woman left) go back to their owner's supply; the limit of 10 warriors and 6 women counts figures on the board, so they can be born again.
- A conquered camp can be kept only while the winner has a camp marker left (5 in all); otherwise it is burnt. Burning removes the women who went over there.
- Several species on one hex are fought one after another, the strongest first (mammoth down to wolf).
- Herds: the animals are moved one at a time, and while some animal can end on its own species, that move comes next. A large animal damages a field once per group entering it. A tile whose hex is burnt, flooded or fenced goes back into the bag.
- A 2-hex move passes only through hexes without mountains, animals or other tribes; to go on from such a hex, move there first, then on.
- Camps are checked after every move and every fight.
- Eruption: each person and animal on a lava hex is lost on a die of 1–3. Forest fire and flood: everyone on those hexes is lost, with camps and fields; the markers (9 in all) stay until the next event.
- Fire sits on a camp: a tribe without a camp cannot take it.
- Set-up: if no free hex keeps the spacing rule (possible with 6 tribes), any free land hex may be taken.
- Start player ties beyond food: clockwise from the last start player.
- Return: the old hand is discarded; if no hex on the rim of the board is free, the tribe waits a round.
- Fence: animals cannot enter the hex until the season ends (2 markers). Lone hunter, Lost woman: the neutral figure may exceed the limit and is always lost first.

**Reconstructed:** the printed map, the events and the special cards are lost from our copy of the rulebook. Ours (4 maps of 37 hexes, 15 summer and 15 winter events, 40 special cards) follow everything the rulebook says about them; the wind rose reads 1 = north, then clockwise.

**How the bot runs it**
- Every die (wind, events, regions, fights, births) is thrown by the game and shown in the log; the animals move by themselves.
- Clockwise means seat order in the lobby.
- You are asked only when you have a choice. Cards are offered when they can be used: before the animals move, in your movement, before a fight, before survival, before births, when sowing.
- Hexes are named by number, terrain and region (e.g. #12 plain 3); the table shows the latest fights, survival and births.`,
};

const de: RulesSummary = {
  setup: `**Das Tal der Mammuts** (Bruno Faidutti): 2 bis 6 Spieler führen je einen Steinzeitstamm durch Sommer und Winter. Sie bewegen ihre Menschen, errichten Lager, kämpfen gegen andere Stämme und wilde Tiere und besorgen genug Nahrung zum Überleben. **Ziel:** am Ende von 2 Runden nacheinander 4 Lager halten (mit der Feuerregel zusätzlich das Feuer besitzen). Eine feste Dauer gibt es nicht: das Spiel läuft, bis ein Stamm das schafft oder nur noch Tiere übrig sind.

**Optionen der Lobby**
- *Regeln*: ohne oder mit der Regel für Fortgeschrittene, dem Feuer (siehe die Seite zum Spielende).
- *Spielplan*: er besteht aus 2 beidseitig bedruckten Spielplanhälften, also gibt es 4 Spielpläne (1A2A, 1A2B, 1B2A, 1B2B); einen wählen oder das Spiel auslosen lassen. Jeder hat Regionen 1 bis 6 von Ebene, Wald und Gebirge (Vulkane zählen zum Gebirge).
- *Startnahrung*: 12, oder 15 für ein leichteres Spiel.

**Jeder Stamm erhält** 10 Krieger, 6 Frauen, 5 Lager-Marker (Dorf auf der einen, Höhle auf der anderen Seite), seine Startnahrung und 5 Sonderkarten (4 je Spieler bei 5 oder 6 Spielern); eine Sonderkarte wird zu dem Zeitpunkt gespielt, den sie angibt, und dann abgelegt. Die Sommer- und die Winter-Ereignisse werden als 2 getrennte Stapel gemischt.

**Die Tiere:** 54 Tierplättchen mit einem Buchstaben auf der Rückseite (9 je Gattung) kommen in den Leinenbeutel; die 8 Wölfe ohne Buchstaben kommen nur über Ereignisse und Karten ins Spiel. Ein Plättchen kommt auf das Feld seines Buchstabens (Großbuchstabe: Gebirge; kleiner Buchstabe: Ebene oder Wald). Kein Tier betritt einen See oder ein verbranntes oder überschwemmtes Feld oder verlässt den Spielplan.
- Wolf und Säbelzahntiger: Zugweite 3 Felder, überqueren Gebirge, aber keine Flüsse; getötet bringen sie 1 und 2 Nahrungspunkte.
- Bär: Zugweite 2, überquert Gebirge und Flüsse; 3 Nahrungspunkte.
- Bison (Zugweite 2), Nashorn und Mammut (Zugweite 1) überqueren weder Gebirge noch Flüsse; 4, 5 und 6 Nahrungspunkte. Kommen sie auf ein kultiviertes Ebenenfeld, ist es beschädigt (Marker auf 1 Ähre); beim nächsten Mal ist es zerstört (Marker weg, das Lager bleibt).

**Die Stämme setzen**
- Das Spiel lost den Startspieler aus (im Regelheft: wer die höchste Zahl würfelt); dann setzt jeder reihum im Uhrzeigersinn.
- Jeder Stamm setzt 1 Lager, 2 Frauen und 5 Krieger gemeinsam auf ein freies Feld nach Wahl, nie auf einen See. In der Ebene und im Wald zeigt das Lager die Dorf-Seite, im Gebirge die Höhle.
- Das Lager darf nicht neben dem Lager eines anderen Stammes liegen, außer ein Fluss trennt die 2 Felder.
- Wer in der Ebene beginnt, darf sofort 1 Nahrungspunkt abgeben, um das Land zu kultivieren: ein Landwirtschaftsmarker mit 2 Ähren kommt auf sein Feld.

**Jahreszeiten:** der Jahreszeitenmarker beginnt auf dem 2. Sommerfeld, das Spiel beginnt also mit nur 2 Sommerrunden; danach wechseln sich 3 Winterrunden und 3 Sommerrunden ab.

**Spielreihenfolge:** in Runde 1 beginnt, wer zuerst gesetzt hat. In jeder späteren Runde ist Startspieler der Stamm mit den meisten Lagern (Gleichstand: mehr Menschen, dann mehr Nahrung). Von ihm aus geht es im Uhrzeigersinn weiter, in jeder Phase dieser Runde.`,

  turn: `**10 Phasen je Runde,** der Reihe nach; 7 bis 9 nur in der letzten Runde einer Jahreszeit, 8 nur im Winter. Feuerregel: nächste Seite.

**1. Ereignis** (nicht in Runde 1 und 2): die Waldbrand- und Überschwemmungsmarker kommen vom Plan, dann wird die oberste Karte der Jahreszeit ausgeführt. Manche Karten würfeln eine Region aus, manche wirken bis zum Ende der Jahreszeit.

**2. Ankunft neuer Tiere** aus dem Beutel, jedes auf das Feld seines Buchstabens: 6 in Runde 1, 4 in anderen Sommerrunden, 2 in Winterrunden; 5/3/1, wenn nur 2 oder 3 Stämme im Spiel sind.

**3. Bewegung der Tiere:** ein Würfel auf der Windrose gibt 1 Richtung für alle. Tiere auf Feldern mit Menschen ziehen nicht.
- Jedes zieht seine Zugweite geradeaus bis zu einem Hindernis (Seite Aufbau); ist der erste Schritt versperrt, in Gegenrichtung.
- Es hält auch bei Menschen und bei seiner Gattung, wo es sich der Herde anschließt (sie zieht und kämpft als 1). Ein Zug, der eine Herde bildet, kommt zuerst.

**4. Bewegung und Niederlassung der Stämme,** Stamm für Stamm in Spielreihenfolge.
- Jeder Mensch darf 1 oder 2 Felder ziehen, einzeln oder in Gruppen; nicht über Seen oder Flüsse, nicht auf verbrannte oder überschwemmte Felder; im Gebirge bleibt er stehen.
- Auch bei Tieren oder einem anderen Stamm bleibt er stehen. Von dort (auch gleich beim Ankommen) ziehen nur die Überzähligen weiter: mindestens so viele, wie dort Tiere und fremde Menschen sind, bleiben zurück.
- Statt zu ziehen, dürfen genau 1 Krieger und 1 Frau allein auf einem freien Feld ein Lager errichten (Dorf oder Höhle; 1 je Feld, 5 je Stamm).
- Ein Lager ohne Frau seines Stammes ist verlassen; der Marker geht zurück.

**5. Kämpfe** auf jedem Feld mit 2 oder mehr Stämmen oder mit Menschen und Tieren: zuerst die des Startspielers, in der Reihenfolge seiner Wahl, dann im Uhrzeigersinn. Jede Seite würfelt + Bonus: +1 je Kämpfer nach dem ersten (ein einzelner Kämpfer +0), +1 im eigenen Dorf, +2 in der eigenen Höhle. Die niedrigere Seite verliert 1 beteiligte Figur ihrer Wahl. Gleichstand: neu würfeln. Gekämpft wird, bis eine Seite dort keine Figuren mehr hat.
- Stämme: nur Krieger kämpfen; die Frauen kämpfen nicht mit, danach laufen sie zum Sieger über (ersetzt durch Frauen des Siegers; hat er keine mehr, kommen sie aus dem Spiel). Frauen ohne Krieger laufen kampflos zu gegnerischen Kriegern über, auch im Lager. Frauen allein kämpfen gegen Frauen.
- 3 oder mehr Stämme: alle würfeln; der höchste Wurf verliert nichts, jede andere Seite verliert 1.
- Ein Lager ohne Menschen seines Stammes ist erobert: der Sieger erhält ¼ der Nahrung des Besiegten (½, wenn es dessen letztes Lager war), abgerundet, und behält dann Lager und Frauen oder plündert und brennt es ab.
- Danach die Tiere, Gattung für Gattung; eine Herde hat +1 je Tier nach dem ersten. Frauen kämpfen mit, ohne Bonus; du wählst, wen du verlierst. Ein getötetes Tier kommt in den Beutel und bringt Nahrung (Seite Aufbau). Töten Tiere alle Menschen eines Lagers, wird das Lager entfernt.

**6. Überleben:** +1 Nahrung je besetztem Feld an See oder Fluss (2 an beiden); im Sommer +1 je besetztem Waldfeld; in der letzten Sommerrunde +8 je besetztem eigenem Dorf auf intaktem kultiviertem Ebenenfeld (+4, wenn beschädigt). Jeder Krieger und jede Frau kostet 1 Nahrung. Du wählst, wen du ernährst: für wen du nicht zahlen kannst oder willst, der verlässt den Stamm.

**7. Geburten:** ein Lager mit 1 Frau hat 1 Geburt, mit 2 oder mehr Frauen 2 Geburten. Würfel: 1–2 eine Frau, 3–5 ein Krieger, 6 Zwillinge (zweimal würfeln; eine 6 ist dann ein Krieger). Höchstens 10 Krieger und 6 Frauen.

**8. Saatzeit:** für 1 Nahrung je Saat darfst du einen Landwirtschaftsmarker (2 Ähren) auf eine Ebene mit deinem Dorf legen; 1 je Feld, 9 Marker insgesamt.

**9. Sonderkarten nachziehen:** jeder Stamm mit weniger als 5 Karten (4 bei 5 oder 6 Spielern) zieht 1.

**10. Ende der Runde:** der Jahreszeitenmarker rückt weiter; 4 Lager werden angesagt (nächste Seite).`,

  scoring: `**Punkte gibt es keine:** gewonnen wird mit Lagern.

**4 Lager:** ein Stamm, der am Ende einer Runde 4 Lager hält (jedes mit mindestens 1 eigenen Frau), muss es ansagen; der Bot tut das im Protokoll und auf dem Tisch. Hat er auch am Ende der nächsten Runde 4 Lager (nicht zwingend dieselben), gewinnt er und das Spiel endet. Mit der Feuerregel braucht er zu beiden Zeitpunkten auch das Feuer.

**Gleichstand:** Stämme, die ihre 2 Runden zur selben Zeit vollenden, gewinnen alle. Das Ergebnis ordnet die übrigen nach Lagern, dann Menschen, dann Nahrung (Festlegung von Campfire).

**Alle verlieren,** wenn nur noch Tiere auf dem Plan sind.

**Die Rückkehr:** ein Stamm, der vor dem Ende des ersten Winters ausscheidet, kehrt einmal zurück.
- Zu Beginn der nächsten Runde, nach Ereignis und Ankunft neuer Tiere, setzt sein Spieler 3 Krieger und 1 Frau auf ein freies Feld am Rande des Spielplans und erhält 8 Nahrung und 3 Sonderkarten. Danach spielt er normal weiter, ohne Lager, bis ein Paar eines errichtet.
- Jeder Spieler kann nur einmal zurückkehren; wer später ausscheidet, ist endgültig raus. Die Zahl neuer Tiere richtet sich dann nach den Stämmen, die noch im Spiel sind.

**Feuerregel (Regel für Fortgeschrittene)**
- Ziel: 4 Lager über 2 Runden nacheinander und das Feuer.
- Feuer entdecken: eine Frau oder ein Krieger allein auf einem Vulkanfeld (keine weitere Figur des Stammes, kein Gegner, kein Tier) darf in deiner Bewegung das Feuer nehmen, vor oder nach dem Ziehen. In einer Runde mit Waldbrand darf das auch eine einzelne Figur neben einem brennenden Feld, nach einem Vulkanausbruch eine einzelne Figur, die auf einem Lavafeld überlebt hat.
- Besitz: der Feuer-Marker liegt auf einem deiner Lager; wird es erobert oder verlassen, kommt er in ein anderes. Mit dem letzten Lager verlierst du das Feuer.
- Eroberung: wer ein Lager eines Stammes mit Feuer erobert, hat nun auch das Feuer; der Besiegte behält es, außer es war sein letztes Lager.
- Kämpfe: das Feuer gibt +1 gegen Tiere, nicht gegen Stämme.
- Überleben: im Winter zahlt ein Stamm ohne Feuer 1,5 Nahrung je Person, die Summe abgerundet.
- Die kursiv gedruckten Teile der Ereignis- und Sonderkarten gelten nur mit dieser Regel.`,

  rulings: `**Festlegungen von Campfire,** wo das Regelheft schweigt, verstümmelt oder offen ist:
- Kampfbonus: +1 je Kämpfer oder Tier nach dem ersten, wer allein kämpft (Krieger oder Tier), hat also +0. Frauen gegen Frauen zählen genauso.
- Ernähren ist immer eine Wahl, auch wenn die Nahrung für alle reicht. Wer nicht ernährt wird, geht, bevor für die übrigen gezahlt wird: ein Lager ohne Frauen wird sofort verlassen (und mit dem letzten Lager das Feuer, im Winter kosten die übrigen dann 1,5 je Person). Im Kampf wählt der Verlierer, welche beteiligte Figur er verliert.
- Figuren, die aus dem Spiel kommen (getötet, nicht ernährt, verbrannt oder übergelaufen zu einem Stamm ohne freie Frau), gehen in den Vorrat ihres Besitzers; die Grenze von 10 Kriegern und 6 Frauen zählt die Figuren auf dem Plan, sie können also wieder geboren werden.
- Ein erobertes Lager kann nur behalten werden, solange der Sieger noch einen Lager-Marker hat (5 insgesamt); sonst wird es abgebrannt. Abbrennen nimmt die dort übergelaufenen Frauen vom Plan.
- Mehrere Gattungen auf einem Feld werden nacheinander bekämpft, die stärkste zuerst (vom Mammut bis zum Wolf).
- Herden: die Tiere ziehen einzeln nacheinander, und solange ein Tier bei seiner Gattung enden kann, kommt dieser Zug als Nächstes. Ein großes Tier beschädigt ein Feld einmal je Gruppe, die es betritt. Ein Plättchen, dessen Feld verbrannt, überschwemmt oder umzäunt ist, kommt zurück in den Beutel.
- Ein Zug über 2 Felder führt nur über Felder ohne Gebirge, Tiere oder andere Stämme; wer von so einem Feld weiter will, zieht erst dorthin, dann weiter.
- Lager werden nach jedem Zug und jedem Kampf geprüft.
- Vulkanausbruch: jeder Mensch und jedes Tier auf einem Lavafeld geht bei einem Wurf von 1–3 verloren. Waldbrand und Überschwemmung: alle auf diesen Feldern gehen verloren, mit Lagern und Landwirtschaftsmarkern; die Marker (9 insgesamt) bleiben bis zum nächsten Ereignis.
- Das Feuer liegt auf einem Lager: ein Stamm ohne Lager kann es nicht nehmen.
- Aufbau: lässt kein freies Feld den Abstand zu (möglich bei 6 Stämmen), darf jedes freie Landfeld genommen werden.
- Gleichstand beim Startspieler über die Nahrung hinaus: im Uhrzeigersinn ab dem letzten Startspieler.
- Rückkehr: die alten Karten werden abgelegt; ist kein Feld am Rande des Spielplans frei, wartet der Stamm eine Runde.
- Zaun: Tiere betreten das Feld bis zum Ende der Jahreszeit nicht (2 Marker). Einsamer Jäger, Verirrte Frau: die neutrale Figur darf die Grenze überschreiten und geht immer als Erste verloren.

**Nachgebaut:** der gedruckte Spielplan, die Ereignisse und die Sonderkarten fehlen in unserer Fassung des Regelhefts. Unsere (4 Spielpläne mit 37 Feldern, 15 Sommer- und 15 Winter-Ereignisse, 40 Sonderkarten) folgen allem, was das Regelheft über sie sagt; die Windrose zählt 1 = Norden, dann im Uhrzeigersinn.

**Wie der Bot es spielt**
- Jeder Würfel (Wind, Ereignisse, Regionen, Kämpfe, Geburten) wird vom Spiel geworfen und im Protokoll gezeigt; die Tiere ziehen von selbst.
- Im Uhrzeigersinn heißt: in der Sitzreihenfolge der Lobby.
- Gefragt wirst du nur, wenn du eine Wahl hast. Karten werden angeboten, wenn sie nutzbar sind: bevor die Tiere ziehen, in deiner Bewegung, vor einem Kampf, vor dem Überleben, vor den Geburten, beim Säen.
- Felder heißen nach Nummer, Gelände und Region (z. B. #12 Ebene 3); der Tisch zeigt die letzten Kämpfe, das Überleben und die Geburten.`,
};

export const rules = { en, de };
