/**
 * The scoring of a round in the rulebook's order (axes, furs, tusks, meat, fire, animals, with the scoring cards
 * acting after their category), the collection animals players choose at its end, the end of a round and of the game.
 */
import { shuffle } from '../../engine/rng.js';
import { rankSeats } from '../../engine/ranking.js';
import type { GameEvent, Msg, Option, Outcome, Seat } from '../../engine/types.js';
import { allMask, cardName, dataOf, defOf, drop, faceList, faceMsg, isLoot, owns, Q, shamanArrow, shamanHolder, sideUp, tieOrder, typeOf, upCode, zones } from './board.js';
import { SCORE_FACES, type CardDef, type ScoreFace } from './data.js';
import type { MammutState, Payload, RoundScoring } from './state.js';

export const LAST_ROUND = 5;
/** Final bonus by number of different collection animals (index = count). */
export const COLLECTION_TABLE = [0, 0, 0, 4, 9, 15, 22, 30];
/** Meat places: 8 / 5 / 2, but only the first place with 2 players and the first two with 3. */
export const MEAT_POINTS = [8, 5, 2];
export const FIRE_PENALTY = 5;
export const TUSK_POINTS = 2;
export const LAST_ROUND_AXE_POINTS = 3;
/** Everyone's score marker starts on space 10 of the score track (rulebook, set-up step 1); the floor stays at 0. */
export const START_SCORE = 10;
/** What a step of the rules reports: the log lines, and whether anything hidden or random came out. */
export interface Ctx { events: GameEvent[]; revealed: boolean }
// ---------------------------------------------------------------- scoring

/** Adds (or takes) points; a score never drops below 0 ("Ein Spieler kann nie weniger als 0 Siegpunkte besitzen"). */
export function addScore(s: MammutState, seat: Seat, pts: number): void {
  s.score[seat] = Math.max(0, s.score[seat]! + pts);
}

/**
 * The seat with the most (or, `most` false, the fewest) of `counts`, ties broken by `order`: for "most" the
 * best-placed tied seat wins, for "fewest" the worst-placed tied seat is the one that loses. `min1`: a count of
 * 0 never qualifies. `tie` says whether a tie had to be broken.
 */
export function pickBy(counts: readonly number[], order: readonly Seat[], most: boolean, min1 = false): { seat: Seat | null; tie: boolean } {
  let best: Seat | null = null;
  let tie = false;
  const seq = most ? order : [...order].reverse();
  for (const p of seq) {
    const c = counts[p]!;
    if (min1 && c < 1) continue;
    if (best === null) { best = p; continue; }
    const b = counts[best]!;
    if (most ? c > b : c < b) { best = p; tie = false; } else if (c === b) tie = true;
  }
  return { seat: best, tie };
}

function drawCard(s: MammutState, ctx: Ctx): number | null {
  if (s.deck.length === 0) {
    if (s.discard.length === 0) return null;
    s.deck = shuffle(s.rng, s.discard);
    s.discard = [];
    ctx.events.push({ msg: { key: 'mammut.ev.reshuffle', args: { n: s.deck.length } } });
  }
  return s.deck.pop()!;
}

/** Runs the automatic part of the scoring, in the rulebook's order, up to the animal choices. */
export function scoreRound(s: MammutState, ctx: Ctx = { events: [], revealed: false }): GameEvent[] {
  const n = s.players;
  const R = s.round;
  const order = tieOrder(s);
  const z = zones(s);
  ctx.revealed = true;
  const seats = [...Array(n).keys()];
  const ev = (key: string, args?: Msg['args'], to?: Seat[]): void => {
    const msg: Msg = args ? { key, args } : { key };
    ctx.events.push(to ? { msg, to } : { msg });
  };
  ev('mammut.ev.scoringStart', { round: R, order: order.map((seat) => ({ seat })) });

  // I. Reveal the scoring cards.
  const active: { seat: Seat; card: number; def: CardDef }[] = [];
  for (const p of seats) {
    const cards = s.played[p]!.filter((c) => typeOf(s, c).kind === 'scoring');
    if (cards.length) ev('mammut.ev.reveal', { seat: { seat: p }, cards: cards.map((c) => cardName(s, c)) });
    for (const c of cards) active.push({ seat: p, card: c, def: typeOf(s, c) });
  }
  // II. Turn every ? tile.
  const mine = z.shares.map((l) => l.flat());
  for (const p of seats) {
    const turned: number[] = [];
    for (const t of mine[p]!) {
      if (isLoot(s, t) && upCode(s, t) === Q) {
        s.up[t] = 1 - sideUp(s, t);
        s.known[t] = allMask(s);
        turned.push(upCode(s, t));
      }
    }
    if (turned.length) ev('mammut.ev.turned', { seat: { seat: p }, faces: faceList(dataOf(s), turned) });
  }
  // Counts: tiles, then the cards that count as tiles ("the most X" conditions look at the tiles alone).
  const tileCounts = Object.fromEntries(SCORE_FACES.map((f) => [f, Array(n).fill(0)])) as Record<ScoreFace, number[]>;
  const animalTiles: number[][] = seats.map(() => []);
  for (const p of seats) {
    for (const t of mine[p]!) {
      const d = defOf(s, t);
      if (dataOf(s).tKind[d] === 'animal') animalTiles[p]!.push(dataOf(s).tAnimal[d]!);
      else if (dataOf(s).tKind[d] === 'loot') tileCounts[SCORE_FACES[upCode(s, t)]!][p]++;
    }
  }
  const counts = Object.fromEntries(SCORE_FACES.map((f) => [f, [...tileCounts[f]]])) as Record<ScoreFace, number[]>;
  for (const a of active) {
    if (a.def.effect !== 'countsAs') continue;
    const who = a.def.for === 'player' ? a.seat : pickBy(tileCounts[a.def.of], order, true, true).seat;
    if (who === null) { ev('mammut.ev.cardNobody', { card: cardName(s, a.card) }); continue; }
    counts[a.def.face][who]++;
    ev('mammut.ev.countsAs', { card: cardName(s, a.card), seat: { seat: who }, face: faceMsg(a.def.face) });
  }
  const sc: RoundScoring = {
    round: R, counts, drawn: Array(n).fill(0), rows: [], track: [], before: [...s.score], after: [],
    gained: seats.map(() => []), wasted: Array(n).fill(0), swappable: seats.map(() => []), tieOrder: order,
  };
  const row = (cat: string, card = false): number[] => {
    const pts = Array(n).fill(0);
    sc.rows.push(card ? { cat, card, pts } : { cat, pts });
    return pts;
  };
  // Scoring cards about a face act right after that face's own scoring.
  const faceCards = (face: ScoreFace): void => {
    for (const a of active) {
      const d = a.def;
      if (d.effect === 'perTile' && d.face === face) {
        const pts = row(d.id, true);
        for (const p of seats) if (counts[face][p]! > 0) {
          pts[p] = d.points * counts[face][p]!;
          addScore(s, p, pts[p]!);
          ev('mammut.ev.perTile', { card: cardName(s, a.card), seat: { seat: p }, n: counts[face][p]!, pts: pts[p]! });
        }
      } else if (d.effect === 'mostPoints' && d.face === face) {
        const pts = row(d.id, true);
        const w = pickBy(counts[face], order, true, true);
        if (w.seat === null) { ev('mammut.ev.cardNobody', { card: cardName(s, a.card) }); continue; }
        pts[w.seat] = d.points;
        addScore(s, w.seat, d.points);
        ev('mammut.ev.mostPoints', { card: cardName(s, a.card), seat: { seat: w.seat }, pts: d.points });
        if (w.tie) ev('mammut.ev.tieBroken');
      }
    }
  };

  // Axes: a card each, players drawing from the shaman holder on clockwise; in the last round 3 VP each instead.
  if (R < LAST_ROUND) {
    const first = shamanHolder(s) ?? s.start;
    for (let k = 0; k < n; k++) {
      const p = (first + k) % n;
      const got: number[] = [];
      for (let i = 0; i < counts.axe[p]!; i++) {
        const c = drawCard(s, ctx);
        if (c === null) break;
        s.hands[p]!.push(c);
        got.push(c);
      }
      sc.drawn[p] = got.length;
      if (counts.axe[p]! > 0) {
        ev('mammut.ev.axeDraw', { seat: { seat: p }, axes: counts.axe[p]!, n: got.length });
        if (got.length) ev('mammut.ev.drew', { cards: got.map((c) => cardName(s, c)) }, [p]);
      }
    }
  } else {
    const pts = row('axe');
    for (const p of seats) if (counts.axe[p]! > 0) {
      pts[p] = LAST_ROUND_AXE_POINTS * counts.axe[p]!;
      addScore(s, p, pts[p]!);
      ev('mammut.ev.axePoints', { seat: { seat: p }, n: counts.axe[p]!, pts: pts[p]! });
    }
  }
  faceCards('axe');

  // Furs: advance on the track; furthest on the track +round, last on the track −round.
  for (const p of seats) s.fur[p]! += counts.fur[p]!;
  ev('mammut.ev.furTrack', { list: seats.map((p) => ({ key: 'mammut.ev.furPos', args: { seat: { seat: p }, pos: s.fur[p]!, add: counts.fur[p]! } })) });
  const most = pickBy(s.fur, order, true);
  const fewest = pickBy(s.fur, order, false);
  row('furMost')[most.seat!] = R;
  addScore(s, most.seat!, R);
  ev('mammut.ev.furMost', { seat: { seat: most.seat! }, pts: R });
  if (most.tie) ev('mammut.ev.tieBroken');
  row('furFewest')[fewest.seat!] = -R;
  addScore(s, fewest.seat!, -R);
  ev('mammut.ev.furFewest', { seat: { seat: fewest.seat! }, pts: R });
  if (fewest.tie) ev('mammut.ev.tieBroken');
  faceCards('fur');

  // Tusks: 2 VP each.
  const tusk = row('tusk');
  for (const p of seats) if (counts.tusk[p]! > 0) {
    tusk[p] = TUSK_POINTS * counts.tusk[p]!;
    addScore(s, p, tusk[p]!);
    ev('mammut.ev.tusks', { seat: { seat: p }, n: counts.tusk[p]!, pts: tusk[p]! });
  }
  faceCards('tusk');

  // Meat: 8 / 5 / 2 for the most, second and third most (only 8 with 2 players, 8 and 5 with 3). No meat, no points.
  const meat = row('meat');
  const places = Math.min(MEAT_POINTS.length, n === 2 ? 1 : n === 3 ? 2 : 3);
  const rest = [...order];
  for (let place = 0; place < places; place++) {
    const w = pickBy(counts.meat, rest, true, true);
    if (w.seat === null) break;
    meat[w.seat] = MEAT_POINTS[place]!;
    addScore(s, w.seat, meat[w.seat]!);
    ev('mammut.ev.meat', { seat: { seat: w.seat }, n: counts.meat[w.seat]!, pts: meat[w.seat]!, place: place + 1 });
    if (w.tie) ev('mammut.ev.tieBroken');
    rest.splice(rest.indexOf(w.seat), 1);
  }
  if (meat.every((x) => x === 0)) ev('mammut.ev.meatNone');
  faceCards('meat');

  // Fire: the fewest loses 5 VP; with 2 players the other scores 1 VP per fire tile.
  const fire = row('fire');
  const low = pickBy(counts.fire, order, false);
  fire[low.seat!] = -FIRE_PENALTY;
  addScore(s, low.seat!, -FIRE_PENALTY);
  ev('mammut.ev.fireFewest', { seat: { seat: low.seat! }, n: counts.fire[low.seat!]!, pts: FIRE_PENALTY });
  if (low.tie) ev('mammut.ev.tieBroken');
  if (n === 2) {
    const other = 1 - low.seat!;
    fire[other] = counts.fire[other]!;
    if (fire[other]! > 0) {
      addScore(s, other, fire[other]!);
      ev('mammut.ev.fireOther', { seat: { seat: other }, n: counts.fire[other]!, pts: fire[other]! });
    }
  }
  faceCards('fire');
  sc.after = [...s.score];
  sc.track = [...s.fur];

  // Animals: each animal tile brings that collection animal unless the player already owns one.
  for (const p of seats) {
    for (const a of animalTiles[p]!) {
      if (owns(s, p, a)) { sc.wasted[p]!++; continue; }
      gainAnimal(s, sc, p, a);
      sc.swappable[p]!.push(dataOf(s).animals[a]!);
    }
    if (animalTiles[p]!.length) ev('mammut.ev.animals', { seat: { seat: p }, animals: sc.gained[p]!.length ? sc.gained[p]!.map(faceMsg) : [{ key: 'mammut.nothing' }] });
  }
  // Choices the scoring cards leave to players: animal cards (in tie order), then "most furs takes an animal".
  s.animalChoices = [];
  for (const p of order) {
    for (const a of active) {
      if (a.seat !== p || a.def.effect !== 'animalChoice') continue;
      if (animalTiles[p]!.length === 0) ev('mammut.ev.animalCardUnused', { seat: { seat: p }, card: cardName(s, a.card) });
      else s.animalChoices.push({ seat: p, source: 'card', card: a.card });
    }
  }
  for (const a of active) {
    if (a.def.effect !== 'mostAnimal') continue;
    const w = pickBy(counts[a.def.face], order, true, true);
    if (w.seat === null) { ev('mammut.ev.cardNobody', { card: cardName(s, a.card) }); continue; }
    s.animalChoices.push({ seat: w.seat, source: 'most', card: a.card });
    if (w.tie) ev('mammut.ev.tieBroken');
  }
  s.lastScoring = sc;
  dropUselessChoices(s, sc, ctx);
  if (s.animalChoices.length > 0) s.phase = 'animal';
  else endRound(s, ctx);
  return ctx.events;
}

function gainAnimal(s: MammutState, sc: RoundScoring, p: Seat, a: number): void {
  s.collection[p] = [...s.collection[p]!, a].sort((x, y) => x - y);
  sc.gained[p]!.push(dataOf(s).animals[a]!);
}

/** Drops queued choices that can have no effect (the player owns every animal, or has no tile left to use). */
function dropUselessChoices(s: MammutState, sc: RoundScoring, ctx: Ctx): void {
  while (s.animalChoices.length > 0) {
    const q = s.animalChoices[0]!;
    const missing = dataOf(s).animals.length - s.collection[q.seat]!.length;
    const useless = missing === 0 || (q.source === 'card' && sc.wasted[q.seat] === 0 && sc.swappable[q.seat]!.length === 0);
    if (!useless) return;
    ctx.events.push({ msg: { key: 'mammut.ev.animalFull', args: { seat: { seat: q.seat }, card: cardName(s, q.card) } } });
    s.animalChoices.shift();
  }
}

/** Carries out the first queued animal choice: take an animal, swap one, or decline (`pass`). */
export function chooseAnimal(s: MammutState, option: Option<Payload>, ctx: Ctx): void {
  const q = s.animalChoices.shift()!;
  const sc = s.lastScoring!;
  const seat = q.seat;
  const choice = option.payload;
  if (option.role === 'pass' || !choice) {
    ctx.events.push({ msg: { key: 'mammut.ev.animalDecline', args: { seat: { seat }, card: cardName(s, q.card) } } });
  } else if (choice.kind === 'swapAnimal') {
    const { from, to } = choice;
    const x = dataOf(s).animals.indexOf(from);
    s.collection[seat] = s.collection[seat]!.filter((a) => a !== x);
    sc.gained[seat] = sc.gained[seat]!.filter((g) => g !== from);
    sc.swappable[seat] = sc.swappable[seat]!.filter((g) => g !== from);
    gainAnimal(s, sc, seat, dataOf(s).animals.indexOf(to));
    ctx.events.push({ msg: { key: 'mammut.ev.animalSwap', args: { seat: { seat }, from: faceMsg(from), animal: faceMsg(to) } } });
  } else if (choice.kind === 'animal') {
    const a = dataOf(s).animals.indexOf(choice.animal);
    if (q.source === 'card') sc.wasted[seat]!--;
    gainAnimal(s, sc, seat, a);
    ctx.events.push({ msg: { key: 'mammut.ev.animalChosen', args: { seat: { seat }, animal: faceMsg(dataOf(s).animals[a]!), card: cardName(s, q.card) } } });
  }
  dropUselessChoices(s, sc, ctx);
  if (s.animalChoices.length === 0) endRound(s, ctx);
}

export function endRound(s: MammutState, ctx: Ctx): void {
  ctx.events.push({ msg: { key: 'mammut.ev.roundScores', args: { round: s.round, list: s.score.map((v, p) => ({ key: 'mammut.ev.scoreOf', args: { seat: { seat: p }, pts: v } })) } } });
  for (let p = 0; p < s.players; p++) {
    s.discard.push(...s.played[p]!);
    s.played[p] = [];
  }
  s.stats.rounds++;
  s.animalChoices = [];
  if (s.round >= LAST_ROUND) {
    const distinct = s.collection.map((c) => c.length);
    const bonus = distinct.map((d) => COLLECTION_TABLE[Math.min(d, COLLECTION_TABLE.length - 1)]!);
    bonus.forEach((b, p) => addScore(s, p, b));
    s.final = { bonus, distinct };
    s.phase = 'over';
    ctx.events.push({ msg: { key: 'mammut.ev.final', args: { list: bonus.map((b, p) => ({ key: 'mammut.ev.bonusOf', args: { seat: { seat: p }, n: distinct[p]!, pts: b, total: s.score[p]! } })) } } });
    return;
  }
  s.round++;
  s.phase = 'taking';
  drop(s);
  ctx.events.push({ msg: { key: 'mammut.ev.roundStart', args: { round: s.round, seat: { seat: s.start }, arrow: { key: `mammut.arrow.${shamanArrow(s)}` } } } });
}

// ---------------------------------------------------------------- outcome

/** The result once round 5 is scored: the most points, ties broken by the fur track, then shared. */
export function outcome(s: MammutState): Outcome | null {
  if (s.phase !== 'over') return null;
  const seats = [...Array(s.players).keys()];
  // Score, then furs (the rulebook's tie-breaker); still equal: a shared place.
  const { order: sorted, ranking, winners } = rankSeats(s.players, (p) => [s.score[p]!, s.fur[p]!], (p) => s.score[p]!);
  const top = s.score[sorted[0]!]!;
  const tiedOnScore = seats.filter((p) => s.score[p] === top).length > 1;
  const summary: Msg[] = s.final
    ? seats.map((p) => ({ key: 'mammut.ev.bonusOf', args: { seat: { seat: p }, n: s.final!.distinct[p]!, pts: s.final!.bonus[p]!, total: s.score[p]! } }))
    : [];
  if (!tiedOnScore) return { ranking, winners, summary };
  const tieBreak: Msg = winners.length > 1
    ? { key: 'mammut.tiebreak.shared', args: { seats: winners.map((seat) => ({ seat })) } }
    : { key: 'mammut.tiebreak.fur', args: { seat: { seat: winners[0]! } } };
  return { ranking, winners, tieBreak, summary };
}
