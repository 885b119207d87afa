/**
 * Endless Winter's rule of thumb for computer players (the engine's `playoutPolicy`): cheap rules from the rulebook's
 * obvious economy, read from the options' payloads, no step simulated.
 *
 * - Incomes are taken as shown (all of an eclipse's incomes at once), idol steps go to the fame track while it has
 *   room, the eclipse's free abilities are all used; a gain that asks for a choice takes its first real option
 *   rather than passing (a settlement, a stone, a tribe member, a progress card, a megalith are all worth points).
 * - A turn: a playable progress card is played; the figure goes to a column with every tribe member played at once
 *   (resting only with no tribe member in hand), the column chosen for what it would bring: a settlement or a stone
 *   in reach first, then recruiting, buying progress, hunting, moving camps; all labour is played, the top space's
 *   actions bought while they pay (never food for labour), the middle space taken when offered, every tribe member
 *   stacked for the eclipse.
 */
import { randInt, type RngState } from '../../engine/rng.js';
import type { Decision, Seat } from '../../engine/types.js';
import { def, type EwOption, type EwPayload, type EwState } from './state.js';

type Kind = EwPayload['kind'];

/** Worth of a top or middle space option by its kind (higher first); absent kinds are not taken by the rule of thumb. */
const ACTION_WORTH: Partial<Record<Kind, number>> = {
  buildSettlement: 10, buyStone: 8, kill: 6, middleInitiate: 5,
  buyProgress: 7, recruit: 6, catch: 5, revealAnimals: 2, newCamp: 3, walkCamp: 2, walkPath: 2.5,
};

/** How much a column is worth to place a figure in for `seat`, roughly: what its spaces would bring now. */
const COLUMN_WORTH: Record<string, number> = { migrate: 3, develop: 3, initiate: 2.5, hunt: 2.5 };

export function ewPolicy(
  s: EwState, seat: Seat, optionIds: string[], rng: RngState, decisions: (s: EwState) => Decision<EwPayload>[], decision?: Decision<EwPayload>,
): number | string | null {
  const d = decision ?? decisions(s).find((x) => x.seat === seat);
  if (!d || s.phase === 'setup') return null;
  const options = inOffer(d.options, optionIds);
  const index = (test: (o: EwOption) => boolean): number => options.findIndex((o) => o && test(o));
  const kind = (o: EwOption): Kind | undefined => o.payload?.kind;
  const first = (...tests: ((o: EwOption) => boolean)[]): number | null => {
    for (const t of tests) { const i = index(t); if (i >= 0) return i; }
    return null;
  };
  const notPass = (o: EwOption): boolean => o.role !== 'pass' && o.role !== 'back';

  if (s.queue.length) {
    const head = s.queue[0]!;
    switch (head.k) {
      case 'bundle': return first((o) => o.id === 'take:all', (o) => o.id === 'take', notPass);
      case 'restTile': return first((o) => o.id === 'rt:take');
      case 'idol': return first((o) => o.id === 'if', (o) => o.id === 'io');
      case 'kill': return first((o) => o.id.endsWith(':if'), (o) => o.id.endsWith(':t'), notPass);
      default: return first(notPass);
    }
  }
  if (s.phase === 'eclipse') return first((o) => o.id === 'eall', (o) => kind(o) === 'eclipseAbility', (o) => o.role === 'finish');
  const t = s.turn;
  if (!t) return null;
  switch (t.stage) {
    case 'progress': {
      const play = index((o) => kind(o) === 'playProgress');
      if (play >= 0) return play;
      const pl = s.players[seat]!;
      const members = pl.hand.filter((c) => def(s, c).kind === 'member').length;
      if (!members) return first((o) => o.id === 'go:r:t:idol:if', (o) => o.id === 'go:r:c:idol:if', (o) => kind(o) === 'place' && (o.payload as { col: string }).col === 'rest');
      // a column with every tribe member at once, weighted by what it brings, with a little chance
      let best = -1, bestV = -Infinity;
      options.forEach((o, i) => {
        const p = o?.payload;
        if (p?.kind !== 'place' || p.col === 'rest' || (members >= 2 && !p.playAll)) return;
        const v = (COLUMN_WORTH[p.col] ?? 1) + (p.figure === 'tribe' ? 0.5 : 0) + 2 * rngUnit(rng);
        if (v > bestV) { bestV = v; best = i; }
      });
      return best >= 0 ? best : null;
    }
    case 'progDiscard': return first(notPass);
    case 'labour': return first((o) => kind(o) === 'playAll', (o) => kind(o) === 'playMember', (o) => o.role === 'finish');
    case 'top': case 'middle': {
      let best = -1, bestV = 0;
      options.forEach((o, i) => {
        const k = o && kind(o);
        const v = k ? ACTION_WORTH[k] ?? 0 : 0;
        if (v > bestV || (v === bestV && v > 0 && rngUnit(rng) < 0.5)) { bestV = v; best = i; }
      });
      return best >= 0 ? best : first((o) => o.role === 'finish', (o) => o.role === 'pass');
    }
    case 'after': return first((o) => kind(o) === 'ability', (o) => o.role === 'finish');
    case 'stack': return first((o) => kind(o) === 'stackAll', (o) => kind(o) === 'stackCard' && def(s, (o.payload as { card: number }).card).kind === 'member', (o) => o.role === 'finish');
  }
  return null;
}

/**
 * The options `ids` name, in their order: they are usually the decision's options in the offered order with some left
 * out (`policyOptions`), so each is looked for from where the previous one was found (a search from the start
 * otherwise); undefined for an id not offered.
 */
function inOffer(offered: EwOption[], ids: string[]): (EwOption | undefined)[] {
  const out: (EwOption | undefined)[] = [];
  let j = 0;
  for (const id of ids) {
    let k = j;
    while (k < offered.length && offered[k]!.id !== id) k++;
    if (k === offered.length) k = offered.findIndex((o) => o.id === id);
    out.push(k >= 0 ? offered[k] : undefined);
    if (k >= 0) j = k + 1;
  }
  return out;
}

/** A number in [0, 1) from the policy's generator. */
const rngUnit = (rng: RngState): number => randInt(rng, 1 << 16) / (1 << 16);
