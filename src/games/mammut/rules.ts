/** Our own summary of the Mammut rules (Markdown), with the project's rulings. */
export const rules = {
  en: { setup: '', scoring: '', rulings: '', turn: `# Mammut — how to play
**Goal:** after the mammoth hunt the tribe shares out the loot. Grab the best share over the rounds; most victory points (VP) wins.

**Set-up:** 2 action cards each. 2–3 players play rounds 1–5; 4–5 players start in round 2 (4 rounds) and each gets one random collection animal. The start player is drawn by lot.

**Each round** the start player drops all 31 loot tiles and the shaman tile into the middle; each lands on a random side. Tiles show axe, fur, tusk, meat, fire or **?** (the ? hides a real face on its back); animal tiles show the same animal on both sides. The shaman's side (red = clockwise, blue = counter-clockwise) sets the tie order.

**Your turn:** first play any number of action cards, then either
- take **one or more** tiles from the middle, or
- take another player's **whole share**, put **at least one** of its tiles back in the middle and keep the rest.

Players who hold a share are skipped; a player whose share was taken joins in again. The start player's first take comes from the middle. When the **last** player without loot takes from the middle, he must take **all** of it: sharing ends and he starts the next round.

**Action cards:** loot cards act at once (look under 1–2 ? tiles secretly; turn 1–2 tiles anywhere, the shaman too but no animals; send one or more shares back to the middle). Scoring cards are played face down and act at scoring.

**Scoring, in this order:** reveal scoring cards; turn all ? tiles. **Axes:** a card per axe (drawn from the shaman holder on, clockwise); in round 5 3 VP each instead. **Fur:** advance on the fur track; furthest +round number, last −round number. **Tusks:** 2 VP each. **Meat:** most 8, second 5, third 2 (2 players: only 8; 3 players: 8 and 5); no meat, no points. **Fire:** fewest −5. **Animals:** each animal tile brings that collection animal if you lack it.

**Ties** in any category: the shaman holder wins, then the others in arrow direction; for a "fewest" penalty the worst placed tied player pays. Scores never go below 0.

**End:** after round 5, collection bonus for different animals: 3 → 4, 4 → 9, 5 → 15, 6 → 22, 7 → 30 VP. Most VP wins; tie: further on the fur track; still tied: shared victory.

**Two players:** each collects two separate shares; you take turns, and a player is skipped only with two shares. Taking from the opponent takes one of his shares. Both shares score together. Fire: fewest −5, the other +1 VP per fire.

**Our rulings:** a card that counts as a fur/fire tile counts everywhere (also for "most fur tiles"); "the most X" needs at least one X; after a flip everybody knows both sides of that tile; an empty draw pile is refilled by shuffling the discard pile; taking a share you may put every tile back.` },
  de: { setup: '', scoring: '', rulings: '', turn: `# Mammut — Spielregeln kurz
**Ziel:** Nach der Mammutjagd wird die Beute verteilt. Sichere dir über die Runden die besten Anteile; die meisten Siegpunkte (SP) gewinnen.

**Aufbau:** Jeder erhält 2 Aktionskarten. Zu 2–3 spielt ihr die Runden 1–5; zu 4–5 beginnt ihr in Runde 2 (4 Runden) und jeder bekommt ein zufälliges Sammeltier. Der Startspieler wird ausgelost.

**Jede Runde** schüttet der Startspieler alle 31 Beuteplättchen und das Schamanenplättchen in die Mitte; jedes fällt auf eine zufällige Seite. Plättchen zeigen Axt, Fell, Stoßzahn, Fleisch, Feuer oder **?** (das ? verbirgt eine echte Seite auf der Rückseite); Tierplättchen zeigen beidseitig dasselbe Tier. Die Seite des Schamanen (rot = im Uhrzeigersinn, blau = dagegen) bestimmt die Reihenfolge bei Gleichstand.

**Dein Zug:** spiel zuerst beliebig viele Aktionskarten, dann entweder
- nimm **ein oder mehrere** Plättchen aus der Mitte, oder
- nimm den **ganzen Anteil** eines Mitspielers, leg **mindestens ein** Plättchen davon zurück in die Mitte und behalte den Rest.

Wer einen Anteil hat, wird übersprungen; wem der Anteil genommen wurde, ist wieder dabei. Der Startspieler nimmt beim ersten Mal aus der Mitte. Nimmt der **letzte** Spieler ohne Beute aus der Mitte, muss er **alles** nehmen: das Aufteilen endet, und er beginnt die nächste Runde.

**Aktionskarten:** Beutekarten wirken sofort (unter 1–2 ?-Plättchen heimlich schauen; 1–2 Plättchen irgendwo umdrehen, auch den Schamanen, aber keine Tiere; einen oder mehrere Anteile zurück in die Mitte schicken). Wertungskarten werden verdeckt gespielt und wirken bei der Wertung.

**Wertung, in dieser Reihenfolge:** Wertungskarten aufdecken; alle ?-Plättchen umdrehen. **Äxte:** eine Karte je Axt (gezogen ab dem Schamanen im Uhrzeigersinn); in Runde 5 stattdessen je 3 SP. **Fell:** auf der Fellleiste vorrücken; wer vorn liegt +Rundenzahl, wer hinten liegt −Rundenzahl. **Stoßzähne:** je 2 SP. **Fleisch:** die meisten 8, zweitmeisten 5, drittmeisten 2 (zu zweit nur 8, zu dritt 8 und 5); ohne Fleisch keine Punkte. **Feuer:** das wenigste −5. **Tiere:** jedes Tierplättchen bringt das Sammeltier, falls du es noch nicht hast.

**Gleichstand** in jeder Kategorie: der Schamanen-Besitzer gewinnt, dann die anderen in Pfeilrichtung; bei „wenigste“ zahlt der am schlechtesten Platzierte. Niemand fällt unter 0 SP.

**Ende:** nach Runde 5 Sammelbonus für verschiedene Tiere: 3 → 4, 4 → 9, 5 → 15, 6 → 22, 7 → 30 SP. Die meisten SP gewinnen; bei Gleichstand weiter vorn auf der Fellleiste; sonst gemeinsamer Sieg.

**Zu zweit:** jeder sammelt zwei getrennte Anteile; ihr seid abwechselnd dran, übersprungen wird nur, wer zwei Anteile hat. Vom Gegner nimmst du einen seiner Anteile. Beide Anteile werden zusammen gewertet. Feuer: das wenigste −5, der andere +1 SP je Feuer.

**Unsere Festlegungen:** eine Karte, die als Fell/Feuer zählt, zählt überall (auch für „die meisten Fellplättchen“); „die meisten X“ braucht mindestens ein X; nach dem Umdrehen kennen alle beide Seiten des Plättchens; ist der Nachziehstapel leer, wird der Ablagestapel gemischt; beim Nehmen eines Anteils darfst du auch alles zurücklegen.` },
};
