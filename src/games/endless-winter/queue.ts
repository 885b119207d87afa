/**
 * The gain queue: every symbol that needs a choice becomes a small decision of the seat it belongs to; the rest are
 * carried out at once (`autoHead`).
 */
import { m } from './keys.js';
import type { Decision, GameEvent, Msg } from '../../engine/types.js';
import { availableStones, buildSettlement, kill, killTaking, legalSettlementPoints, megalithSpots, memberSupplyTake, moveCamp, moveIdol, neutralSpots, placeMegalith, takeAnimal, takeOfKind, takeProgress, takeStone } from './board.js';
import type { AtomKind } from './data.js';
import { laterEclipseIncomes, takeAllOption, takeEclipseIncomes } from './eclipse-income.js';
import { drawCards, gainFood, lowerThan, pushGains } from './gains.js';
import { abilityMsg, atomMsg, atomsMsg, cardName, memberDetail, pointMsg, seatRef, tileNamer } from './names.js';
import { byDef, bySpecies, campMoves, declineOpt, downOptions, idolTrackOptions, inGroup, killOptions, skipOpt, stoneOption } from './options.js';
import { layout, living } from './scoring.js';
import { campsOnBoard, campsOnMap, dataOf, def, type EwOption, type EwPayload, type EwState, foodLimit, megalithsLeft, type QItem, speciesOf } from './state.js';
import { thenIdolOptions, type Decide, type Perform, type ThenIdolStyle, withIdolStep } from './then-idol.js';

function needsDecision(s: EwState, it: QItem): boolean {
  const seat = s.queueSeat;
  const pl = s.players[seat]!;
  switch (it.k) {
    case 'bundle': return !!it.optional || it.atoms!.some((a) => (a.k === 'draw' || a.k === 'tool') && !it.settled?.includes(a.k));
    case 'restTile': case 'idol': case 'megalith': case 'memberHand': case 'memberDiscard': return true;
    case 'neutral': return neutralTargets(s, it).length > 0;
    case 'progress': return s.display.some((c) => c >= 0);
    case 'animalGround': return s.ground.length > 0;
    case 'kill': return living(pl).length > 0;
    case 'bury': return pl.hand.length + pl.discard.length + pl.played.length > 0;
    case 'discard': return pl.hand.length > 0;
    case 'move': return campsOnMap(s, seat) > 0;
    case 'settlement': return legalSettlementPoints(s, seat).length > 0;
    case 'stone': return pl.stones.length < 3 && availableStones(s).length > 0;
    default: return false;
  }
}

function neutralTargets(s: EwState, it: QItem): [number, number][] {
  const code = it.atoms![0]!.n;
  const x = Math.floor(code / 100), y = code % 100;
  const lay = layout(s);
  return neutralSpots(s, s.queueSeat, x, y, lay.cells[y * lay.w + x]!.cell.arrows);
}

/** Resolves the head of the queue if it needs no choice. Returns false when a decision is needed. */
export function autoHead(s: EwState, ev: GameEvent[]): boolean {
  const it = s.queue[0]!;
  const seat = s.queueSeat;
  const pl = s.players[seat]!;
  if (needsDecision(s, it)) return false;
  s.queue.shift();
  const n = it.n;
  switch (it.k) {
    case 'bundle': s.queue.unshift(...it.atoms!.map((a) => ({ k: a.k, n: a.n }))); break;
    case 'food': gainFood(s, seat, n); ev.push({ msg: m('ev.gain', { p: seatRef(seat), gain: atomMsg({ k: 'food', n }) }) }); break;
    case 'tool': pl.tool += n; ev.push({ msg: m('ev.gain', { p: seatRef(seat), gain: atomMsg({ k: 'tool', n }) }) }); break;
    case 'points': pl.score += n; ev.push({ msg: m('ev.gain', { p: seatRef(seat), gain: atomMsg({ k: 'points', n }) }) }); break;
    case 'foodLimit': pl.food = Math.max(pl.food, foodLimit(s, seat)); break;
    case 'labour': if (s.turn) s.turn.pool += n; break;
    case 'draw': { const got = drawCards(s, seat, n); ev.push({ msg: m('ev.draw', { p: seatRef(seat), n: got }) }); break; }
    case 'reveal': for (let i = 0; i < n; i++) if (s.animalDeck.length && s.ground.length < dataOf(s).huntingGround) s.ground.push(s.animalDeck.pop()!); break;
    case 'animalDeck':
      for (let i = 0; i < n; i++) {
        const a = s.animalDeck.pop();
        if (a === undefined) { pl.score += 1; continue; }
        pl.animals.push(a);
        ev.push({ msg: m('ev.animal', { p: seatRef(seat), animal: m(`animal.${dataOf(s).species[speciesOf(s, a)]!.id}`), sp: dataOf(s).species[speciesOf(s, a)]!.id }) });
      }
      break;
    case 'campStart':
      for (let i = 0; i < n; i++) if (campsOnBoard(s, seat) > 0) s.camps[0 * s.n + seat]!++;
      break;
    case 'progress': pl.score += 1; if (n > 1) s.queue.unshift({ k: 'progress', n: n - 1 }); break;
    case 'animalGround': if (!s.animalDeck.length) pl.score += 1; if (n > 1) s.queue.unshift({ k: 'animalGround', n: n - 1 }); break;
    default: break; // nothing possible: the symbol lapses
  }
  return true;
}

function consumeOne(s: EwState): void {
  const it = s.queue[0]!;
  if (it.n > 1) it.n--; else s.queue.shift();
}

/** Queue items that are bonuses only while the eclipse is resolved: there they may be declined. */
const DECLINE_IN_ECLIPSE: ReadonlySet<string> = new Set(['bundle', 'idol', 'megalith', 'neutral']);

/** A decision of the gain queue's seat; by default the first option (module-level: made once, not at every call). */
const queued = (seat: number, prompt: Msg, options: EwOption[], def0?: string): Decision<EwPayload> => ({ seat, prompt, options, defaultOption: def0 ?? options[0]!.id });

export function queueDecision(s: EwState, decisions: Decide, perform: Perform): Decision<EwPayload> {
  const it = s.queue[0]!;
  const seat = s.queueSeat;
  const pl = s.players[seat]!;
  switch (it.k) {
    case 'bundle': {
      // With no card left in deck and discard pile, a draw must be swapped for a lower income.
      const draws = it.atoms!.filter((a) => a.k === 'draw').reduce((x, a) => x + a.n, 0);
      const canTake = draws <= pl.deck.length + pl.discard.length;
      const gain = atomsMsg(it.atoms!);
      const opts: EwOption[] = canTake ? [{ id: 'take', label: m('opt.take', { gain }), style: 'primary', payload: { kind: 'takeIncome' } }] : [];
      // A swap names how many of that symbol go down the ladder (all of them at most), in one choice.
      for (const from of ['draw', 'tool'] as const) {
        const have = it.atoms!.filter((a) => a.k === from).reduce((x, a) => x + a.n, 0);
        if (!have || it.settled?.includes(from)) continue;
        for (let count = 1; count <= have; count++) for (const to of lowerThan(from)) {
          opts.push({
            id: count === 1 ? `dn:${from}:${to}` : `dn:${from}:${to}:${count}`, label: m('opt.swap', { from: atomMsg({ k: from, n: count }), to: atomMsg({ k: to, n: count }) }),
            style: 'secondary', group: 'endless-winter.grp.lower', payload: { kind: 'swapIncome', from, to, count },
          });
        }
      }
      if (it.optional) {
        // (only when this income can be taken as shown: a draw with no card left must be swapped first)
        const later = canTake ? laterEclipseIncomes(s) : [];
        if (later.length) opts.splice(1, 0, takeAllOption(it.atoms!, later));
        opts.push(declineOpt());
        return queued(seat, m('q.eclipseIncome', { gain }), opts, canTake ? 'take' : 'dn:draw:food');
      }
      return queued(seat, m('q.bundle', { gain }), opts, canTake ? 'take' : 'dn:draw:food');
    }
    case 'restTile': return queued(seat, m('q.restTile', { gain: atomsMsg(dataOf(s).restTiles[s.restUp]!) }), [
      { id: 'rt:take', label: m('opt.restTake', { gain: atomsMsg(dataOf(s).restTiles[s.restUp]!) }), style: 'primary', payload: { kind: 'restTile', swap: false } },
      { id: 'rt:swap', label: m('opt.restSwap'), payload: { kind: 'restTile', swap: true } },
    ], 'rt:take');
    case 'idol': return queued(seat, m('q.idol', { n: it.n }), idolOptions(s, seat), 'io');
    case 'megalith': {
      const spots = megalithSpots(s, seat).map(([level, x, y]): EwOption => ({
        id: `mg:${level}:${x}:${y}`, label: m(level === 0 ? 'opt.megGround' : 'opt.megUpper', { x: x + 1, y: y + 1, l: level }), group: level === 0 ? 'endless-winter.grp.ground' : 'endless-winter.grp.upper',
        payload: { kind: 'megalith', level, x, y },
      }));
      const opts = [...spots.filter((o) => o.group === 'endless-winter.grp.ground'), ...spots.filter((o) => o.group === 'endless-winter.grp.upper'), ...downOptions('megalith')];
      if (s.phase === 'eclipse') opts.push(declineOpt());
      return queued(seat, m('q.megalith', { left: megalithsLeft(s, seat) }), opts, opts[0]!.id);
    }
    case 'neutral': {
      const opts: EwOption[] = neutralTargets(s, it).map(([x, y]) => ({ id: `nt:${x}:${y}`, label: m('opt.megGround', { x: x + 1, y: y + 1, l: 0 }), payload: { kind: 'neutralMegalith', x, y } }));
      if (s.phase === 'eclipse') opts.push(declineOpt());
      return queued(seat, m('q.neutral'), opts);
    }
    case 'memberHand': case 'memberDiscard': {
      const opts: EwOption[] = dataOf(s).members.map((id, i) => ({
        id: `ms:${i}`, label: s.supply[i]! ? m('opt.supply', { card: m(`card.${id}`), n: s.supply[i]! }) : m('opt.supplyEmpty', { card: m(`card.${id}`) }),
        detail: memberDetail(s, i), payload: { kind: 'member', supply: i },
      }));
      opts.push(skipOpt());
      return queued(seat, m(it.k === 'memberHand' ? 'q.memberHand' : 'q.memberDiscard'), opts, 'skip');
    }
    case 'progress': {
      const opts: EwOption[] = [];
      s.display.forEach((c, i) => { if (c >= 0) opts.push({ id: `pg:${i}`, label: cardName(s, c), detail: abilityMsg(def(s, c).effect!), payload: { kind: 'progress', slot: i } }); });
      opts.push(skipOpt());
      return queued(seat, m('q.progress'), opts, 'skip');
    }
    case 'animalGround': {
      const opts = bySpecies(s, s.ground, (_, i, sp) => ({ id: `ag:${i}`, label: m(`animal.${dataOf(s).species[sp]!.id}`), payload: { kind: 'animalFromGround', index: i } }));
      return queued(seat, m('q.animalGround'), [...opts, skipOpt()], 'skip');
    }
    case 'kill': {
      const opts = killOptions(s, 'kl', living(pl));
      // a kill whose income holds an idol step, together with that step (the kill's own label as the detail)
      const species = (o: EwOption) => dataOf(s).species[speciesOf(s, (o.payload as { animal: number }).animal)]!;
      const withIdol = opts.filter((o) => species(o).kill.some((a) => a.k === 'idol'));
      const first = (o: EwOption): Msg => m('opt.killShort', { animal: m(`animal.${species(o).id}`) });
      const style: ThenIdolStyle = { label: (o, n) => m('opt.thenIdol', { first: first(o), next: n.label }), detail: true };
      const idol: EwOption[] = [];
      for (const o of withIdol) {
        const next = idolAfterKill(s, seat, o);
        idol.push(...(next ? withIdolStep(o, next, style) : thenIdolOptions(s, seat, [o], decisions, perform, style)));
      }
      return queued(seat, m('q.kill'), [...opts, ...idol, skipOpt()], 'skip');
    }
    case 'bury': {
      const opts = [
        ...byDef(s, pl.hand, 'bh', 'endless-winter.grp.hand', (cardKind) => ({ kind: 'bury', pile: 'hand', cardKind })),
        ...byDef(s, pl.discard, 'bd', 'endless-winter.grp.discard', (cardKind) => ({ kind: 'bury', pile: 'discard', cardKind })),
        ...byDef(s, pl.played, 'bp', 'endless-winter.grp.played', (cardKind) => ({ kind: 'bury', pile: 'played', cardKind })),
        skipOpt(),
      ];
      return queued(seat, m('q.bury'), opts, 'skip');
    }
    case 'discard': return queued(seat, m('q.discard'), byDef(s, pl.hand, 'dh', 'endless-winter.grp.hand', (cardKind) => ({ kind: 'discard', cardKind })));
    case 'move': {
      const tile = tileNamer(s);
      const opts = campMoves(s, seat, (from, to) => ({ id: `mv:${from}:${to}`, label: m('opt.move', { from: tile(from), to: tile(to) }), payload: { kind: 'moveCamp', from, to } }));
      return queued(seat, m('q.move', { n: it.n }), [...inGroup(opts, 'endless-winter.grp.move'), skipOpt()], 'skip');
    }
    case 'settlement': {
      const tile = tileNamer(s);
      const opts = legalSettlementPoints(s, seat).map((point): EwOption => ({ id: `se:${point}`, label: pointMsg(s, point, tile), payload: { kind: 'settlement', point } }));
      return queued(seat, m('q.settlement'), [...inGroup(opts, 'endless-winter.grp.points'), skipOpt()], 'skip');
    }
    case 'stone': {
      const opts = availableStones(s).map(({ side, slot }) => stoneOption(s, side, slot, 'sn', { kind: 'stone', side, slot }));
      return queued(seat, m('q.stone'), [...opts, skipOpt()], 'skip');
    }
    default: throw new Error(`no decision for ${it.k}`);
  }
}

/** The idol step's options (`q.idol`). */
function idolOptions(s: EwState, seat: number): EwOption[] {
  const opts = idolTrackOptions(s, seat);
  opts.push(...downOptions('idol'));
  if (s.phase === 'eclipse') opts.push(declineOpt());
  return opts;
}

/** Symbols taken at once that change nothing an idol step's options read (the idol and fame tracks). */
const BEFORE_IDOL: ReadonlySet<string> = new Set(['food', 'tool', 'points']);

/**
 * What the kill `o` (an option of the queue's kill step) leads to, read off the queue where that is plain: when the kill
 * is the queue's last item, its income is queued alone; the idol step is the next decision when only food, tools and
 * points (taken at once, as `autoHead` does) come before it, and its options are then those of now (nothing taken
 * before it moves an idol); an income that is a decision of its own (a bundle not taken as shown) comes first: []. Else
 * undefined, and the kill is tried out (`thenIdolOptions`); `combined.test.ts` checks the two agree.
 */
export function idolAfterKill(s: EwState, seat: number, o: EwOption): EwOption[] | undefined {
  if (s.queue.length !== 1 || s.queue[0]!.n !== 1 || o.payload?.kind !== 'kill') return undefined;
  const gain = dataOf(s).species[speciesOf(s, o.payload.animal)]!.kill;
  if (!o.payload.take && gain.some((a) => a.k === 'draw' || a.k === 'tool')) return []; // (queued as a bundle: see pushGains)
  for (const a of gain) {
    if (a.k === 'idol') return idolOptions(s, seat);
    if (!BEFORE_IDOL.has(a.k)) return undefined;
  }
  return [];
}

export function performQueue(s: EwState, option: EwOption, ev: GameEvent[]): void {
  const it = s.queue[0]!;
  const seat = s.queueSeat;
  const pl = s.players[seat]!;
  if (option.role === 'pass') {
    if (s.phase === 'eclipse' && DECLINE_IN_ECLIPSE.has(it.k)) {
      const gain = it.k === 'bundle' ? atomsMsg(it.atoms!) : atomMsg({ k: it.k as AtomKind, n: 1 });
      ev.push({ msg: m('ev.decline', { p: seatRef(seat), gain }) });
      if (it.k === 'idol' || it.k === 'megalith') { consumeOne(s); return; }
    }
    s.queue.shift();
    return;
  }
  const p = option.payload!;
  switch (p.kind) {
    case 'swapIncome': {
      const atoms = it.atoms!;
      it.optional = false; // swapping part of an eclipse income accepts it (and spares a second click)
      // The rest of that symbol, and what it became, are taken as shown: the income is not asked about again for
      // them (a further swap of what it became is the same as swapping further down at once, which was offered).
      it.settled = [...(it.settled ?? []), p.from, p.to];
      const f = atoms.find((a) => a.k === p.from)!;
      f.n -= p.count;
      if (!f.n) atoms.splice(atoms.indexOf(f), 1);
      const t = atoms.find((a) => a.k === p.to);
      if (t) t.n += p.count; else atoms.push({ k: p.to, n: p.count });
      ev.push({ msg: m('ev.lower', { p: seatRef(seat), gain: atomMsg({ k: p.to, n: p.count }) }) });
      return;
    }
    case 'lower':
      consumeOne(s);
      s.queue.unshift({ k: p.to, n: 1 });
      ev.push({ msg: m('ev.lower', { p: seatRef(seat), gain: atomMsg({ k: p.to, n: 1 }) }) });
      return;
    case 'takeIncome': s.queue.shift(); s.queue.unshift(...it.atoms!.map((a) => ({ k: a.k, n: a.n }))); return;
    case 'takeIncomes': takeEclipseIncomes(s, seat, p.steps, ev); return;
    case 'restTile': {
      s.queue.shift();
      if (p.swap) { s.restDeck.push(s.restUp); pl.restTile = s.restDeck.shift()!; } else pl.restTile = s.restUp;
      s.restUp = -1;
      ev.push({ msg: m('ev.restTile', { p: seatRef(seat), gain: atomsMsg(dataOf(s).restTiles[pl.restTile]!) }) });
      const gains = dataOf(s).restTiles[pl.restTile]!;
      const before = s.queue.splice(0);
      pushGains(s, seat, gains, true);
      s.queue.push(...before);
      return;
    }
    case 'idol': consumeOne(s); moveIdol(s, seat, p.track, ev); return;
    case 'megalith': consumeOne(s); placeMegalith(s, seat, p.level, p.x, p.y, ev); return;
    case 'neutralMegalith': s.queue.shift(); placeMegalith(s, seat, 0, p.x, p.y, ev); return;
    case 'member': consumeOne(s); memberSupplyTake(s, seat, p.supply, it.k === 'memberHand' ? 'hand' : 'discard', ev); return;
    case 'progress': consumeOne(s); takeProgress(s, seat, p.slot, ev); return;
    case 'animalFromGround': consumeOne(s); takeAnimal(s, seat, s.ground.splice(p.index, 1)[0]!, ev); return;
    case 'kill': consumeOne(s); killTaking(s, seat, p.animal, p.take, ev); return;
    case 'bury': {
      consumeOne(s);
      pl.buried.push(takeOfKind(s, pl[p.pile], p.cardKind));
      ev.push({ msg: m('ev.bury', { p: seatRef(seat) }) });
      return;
    }
    case 'discard': consumeOne(s); pl.discard.push(takeOfKind(s, pl.hand, p.cardKind)); return;
    case 'moveCamp': consumeOne(s); moveCamp(s, seat, p.from, p.to, ev); return;
    case 'settlement': consumeOne(s); buildSettlement(s, seat, p.point, ev); return;
    case 'stone': consumeOne(s); takeStone(s, seat, p.side, p.slot, ev); return;
    default: throw new Error(`unknown queue option ${option.id}`);
  }
}
