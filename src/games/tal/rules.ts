/** Our own summary of Das Tal der Mammuts, with the project's rulings. */
const en = { setup: "", scoring: "", rulings: "", turn: `**Das Tal der Mammuts** — lead a stone-age tribe, found camps, hunt and survive. **Goal:** hold **4 camps** (each with at least one of your women) at the end of two rounds in a row (with the fire rule: and own fire). If only animals remain, everybody loses.

**Setup:** the map is two half boards (4 variants). In turn each tribe puts a camp (village on plain/forest, cave on mountain), 2 women and 5 warriors on a free hex, not next to another camp unless a river lies between. On a plain you may cultivate for 1 food. 12 food (15 if chosen), 5 special cards (4 with 5–6 players). Play starts in the 2nd summer round; seasons then alternate 3 rounds each.

**Each round:**
1. *Event* (not in the first two rounds): fire/flood markers go, a summer or winter event is drawn.
2. *Animals arrive* from the bag on the hex of their letter (6/4/2 per first/summer/winter round, 5/3/1 with 2–3 tribes).
3. *Animals move*: a die and the wind rose give the direction; each moves its range (wolf, tiger 3; bear, bison 2; rhino, mammoth 1), turning back if blocked at once, stopping at obstacles, people and their own kind (forming a herd). A move that forms a herd is always made first. Bison, rhino and mammoth damage fields, then destroy them.
4. *People move* in turn order (most camps first): any group 1–2 hexes, no lakes, rivers, fire or flood; they stop in mountains and on hexes with animals or other tribes. From such a hex you only move if you outnumber the others there, and leave at least as many behind. A lone couple that did not move may found a camp on an empty hex.
5. *Fights* (start player's first, in the order they choose): warriors fight warriors; unescorted women go over to armed enemies; women alone fight women. Each side throws a die +1 per fighter after the first, +1 own village, +2 own cave; the lower loses one. Then animals, species by species (women fight too, but give no bonus). Conquered camp: ¼ of the loser's food (½ if it was the last), then keep or burn it.
6. *Survival*: +1 per occupied hex by a lake or river (2 if both), +1 per forest in summer, harvest in the last summer round (8 intact / 4 damaged per own village field); pay 1 per person — who is not fed leaves (your choice).
7. *Births* (last round of a season): 1 birth per camp with a woman, 2 with two or more. Die 1–2 woman, 3–5 warrior, 6 twins. At most 10 warriors and 6 women.
8. *Sowing* (end of winter): 1 food per own village plain without a field (9 fields in all).
9. *Cards* (season end): one new special card up to the hand limit.
10. *End*: four camps are announced; a tribe wiped out in the first year returns next round with 3 warriors, 1 woman, 8 food, 3 cards.

**Fire rule:** a lone figure on a volcano (or beside a forest fire, or surviving on lava) takes fire; +1 against animals; conquering a camp of a fire tribe gives fire; in winter tribes without fire pay 1.5 food per person (rounded down); victory needs fire.

**Rulings:** bonus +1 per fighter after the first (a lone fighter +0). Dice for animals and events are thrown by the game. Removed figures go back to their owner's supply. Whom to feed is your choice (when food is short, someone must go). The loser of a fight chooses who falls among those who fought. Lava kills each figure on 1–3; fire and flood kill everyone on the hex. Fences last until the season ends. The stranger cards' figure is always the first one lost.` };

const de = { setup: "", scoring: "", rulings: "", turn: `**Das Tal der Mammuts** — führe einen Steinzeitstamm, gründe Lager, jage und überlebe. **Ziel:** am Ende zweier Runden nacheinander **4 Lager** halten (jedes mit mindestens einer eigenen Frau), mit Feuerregel zusätzlich das Feuer. Sind nur noch Tiere übrig, verlieren alle.

**Aufbau:** zwei Planhälften (4 Varianten). Reihum setzt jeder Stamm ein Lager (Dorf in Ebene/Wald, Höhle im Gebirge), 2 Frauen und 5 Krieger auf ein freies Feld, nicht neben ein anderes Lager, außer ein Fluss trennt sie. In der Ebene darf man für 1 Nahrung bestellen. 12 Nahrung (15 wenn gewählt), 5 Sonderkarten (4 bei 5–6). Start in der 2. Sommerrunde, danach je 3 Runden Winter und Sommer.

**Jede Runde:**
1. *Ereignis* (nicht in den ersten zwei Runden): Brand-/Flutmarker weg, Sommer- oder Winterereignis ziehen.
2. *Tiere kommen* aus dem Beutel auf das Feld ihres Buchstabens (6/4/2 in erster/Sommer-/Winterrunde, 5/3/1 bei 2–3 Stämmen).
3. *Tiere ziehen*: Würfel und Windrose geben die Richtung; jedes zieht seine Weite (Wolf, Tiger 3; Bär, Bison 2; Nashorn, Mammut 1), kehrt um, wenn es sofort blockiert ist, hält an Hindernissen, Menschen und Artgenossen (Herde). Ein Zug, der eine Herde bildet, kommt immer zuerst. Bison, Nashorn und Mammut beschädigen, dann zerstören Felder.
4. *Menschen ziehen* in Spielreihenfolge (meiste Lager zuerst): Gruppen 1–2 Felder, nicht über Seen, Flüsse, Brand oder Flut; im Gebirge und bei Tieren oder fremden Stämmen bleiben sie stehen. Von dort zieht nur, wer in der Überzahl ist, und lässt mindestens so viele zurück. Ein Paar, das nicht zieht, darf auf einem leeren Feld ein Lager gründen.
5. *Kämpfe* (Startspieler zuerst, Reihenfolge nach Wahl): Krieger gegen Krieger; Frauen ohne Krieger laufen zu bewaffneten Gegnern über; Frauen allein kämpfen gegen Frauen. Würfel +1 je Kämpfer nach dem ersten, +1 eigenes Dorf, +2 eigene Höhle; der niedrigere verliert eine Figur. Danach Tiere, Art für Art (Frauen kämpfen mit, ohne Bonus). Erobertes Lager: ¼ der Nahrung (½ beim letzten Lager), dann behalten oder abbrennen.
6. *Überleben*: +1 je besetztem Feld an See oder Fluss (2 an beiden), +1 je Wald im Sommer, Ernte in der letzten Sommerrunde (8 intakt / 4 beschädigt je eigenem Dorffeld); 1 Nahrung je Person — wer nicht ernährt wird, geht (deine Wahl).
7. *Geburten* (letzte Runde der Jahreszeit): 1 je Lager mit Frau, 2 bei zwei Frauen. Würfel 1–2 Frau, 3–5 Krieger, 6 Zwillinge. Höchstens 10 Krieger und 6 Frauen.
8. *Saat* (Winterende): 1 Nahrung je eigenem Dorf in der Ebene ohne Feld (9 Felder insgesamt).
9. *Karten* (Jahreszeitende): eine neue Sonderkarte bis zum Handlimit.
10. *Ende*: vier Lager werden angesagt; ein Stamm, der im ersten Jahr ausgelöscht wird, kehrt nächste Runde mit 3 Kriegern, 1 Frau, 8 Nahrung und 3 Karten zurück.

**Feuerregel:** eine einzelne Figur auf einem Vulkan (neben einem Waldbrand, oder überlebend auf Lava) nimmt das Feuer; +1 gegen Tiere; wer ein Lager eines Feuerstammes erobert, bekommt es auch; im Winter zahlen Stämme ohne Feuer 1,5 Nahrung je Person (abgerundet); zum Sieg braucht man das Feuer.

**Entscheidungen:** Bonus +1 je Kämpfer nach dem ersten. Würfe für Tiere und Ereignisse macht das Spiel. Entfernte Figuren gehen in den Vorrat. Wen du ernährst, wählst du (reicht die Nahrung nicht, muss jemand gehen). Wer einen Kampf verliert, wählt, wer von den Kämpfenden fällt. Lava tötet jede Figur bei 1–3; Brand und Flut töten alle auf dem Feld. Zäune bleiben bis Jahreszeitende. Die Figur der Fremden-Karten geht als erste verloren.` };

export const rules = { en, de };
