/**
 * The top space's repeatable actions chosen several at once (issue #13, fewer clicks, same rules): the rulebook lets a
 * player carry out each top action "so oft du möchtest und bezahlen kannst", so the tribe members recruited (different
 * ones), the progress cards bought and the animals caught (of different species) are each one multi-select, as large
 * as labour and tools pay for. A single item is the option it always was.
 */
import { withFields } from '../../engine/copy.js';
import { m } from './keys.js';
import type { SetChoice } from '../../engine/types.js';
import { foodForOneLabour, type EwOption, type EwPayload, type EwState } from './state.js';

/** Labour (halves) and tools one item of a top-space set costs, by payload kind. */
const COST: Partial<Record<EwPayload['kind'], { group: string; labour: number; tool: number }>> = {
  recruit: { group: 'endless-winter.grp.top', labour: 2, tool: 1 },
  buyProgress: { group: 'endless-winter.grp.top', labour: 6, tool: 0 },
  catch: { group: 'endless-winter.grp.catch', labour: 2, tool: 1 },
};

const COSTS = Object.entries(COST) as [EwPayload['kind'], { group: string; labour: number; tool: number }][];

/** The multi-selects of the top space's options `top`: a group of items that all cost the same, up to what pays for them. */
export function topSets(s: EwState, top: EwOption[]): SetChoice[] {
  const t = s.turn!;
  const tools = s.players[t.seat]!.tool;
  const out: SetChoice[] = [];
  for (const [kind, c] of COSTS) {
    // every option of the group must be an item of the same cost (a set takes any of them)
    let items = 0, other = false;
    for (const o of top) if (o.payload?.kind === kind) items++; else if (o.group === c.group) other = true;
    if (!items || other) continue;
    const max = Math.min(items, Math.floor(t.pool / c.labour), c.tool ? tools / c.tool : Infinity);
    if (max >= 2) out.push({ group: c.group, min: 1, max });
  }
  return out;
}

/** A catch's position in the hunting ground (-1 for anything else). */
const catchPos = (p: EwPayload): number => (p.kind === 'catch' && p.index !== null ? p.index : -1);

/**
 * The actions of a top-space choice, in the order they are carried out: a single option's payload, or a set's items;
 * catches from the highest position in the hunting ground down, so that taking one does not move the next.
 */
export function topItems(option: EwOption): EwPayload[] {
  const items = (option.items ?? [option]).map((o) => o.payload!);
  return items.length > 1 ? [...items].sort((a, b) => catchPos(b) - catchPos(a)) : items;
}

/**
 * A top-space action that the labour so far does not pay for, offered with the food that pays the rest (the least food
 * for each further labour, as "spend food" offers it): one choice instead of spending food and then choosing the
 * action. `actions` lists the top space's actions for a given labour (the engine's own), so the rules stay in one place;
 * `dearest` is the labour (halves) of the dearest action it lists (more labour offers nothing new); `now` is what it
 * lists for the labour there is (when the caller has it already).
 */
export function foodPaidOptions(s: EwState, actions: (s: EwState) => EwOption[], dearest: number, now = actions(s)): EwOption[] {
  const t = s.turn!;
  const pool = t.pool;
  const out: EwOption[] = [];
  let food = s.players[t.seat]!.food, spent = 0;
  if (pool >= dearest || !foodForOneLabour(s, food)) return out; // (the loop below would offer nothing)
  const seen = new Set(now.map((o) => o.id));
  try {
    // (the labour there is, or was bought below, pays for the dearest action: more offers nothing new)
    for (let labour = 1; pool + 2 * (labour - 1) < dearest; labour++) {
      const k = foodForOneLabour(s, food);
      if (!k) break;
      food -= k; spent += k;
      t.pool = pool + 2 * labour;
      for (const o of actions(s)) {
        if (seen.has(o.id) || !o.payload) continue;
        seen.add(o.id);
        const id = `${o.id}:f${labour}`, label = m('opt.withFood', { action: o.label, food: spent, n: labour }), detail = o.detail;
        const payload: EwPayload = { kind: 'withFood', labour, action: o.payload };
        // (a spread keeps `o`'s keys in their order and is faster; where `o` has no detail, the key comes last, as `withFields` adds it)
        out.push('detail' in o ? { ...o, id, label, detail, payload } : withFields(o, { id, label, detail, payload }));
      }
    }
  } finally {
    t.pool = pool;
  }
  return out;
}
