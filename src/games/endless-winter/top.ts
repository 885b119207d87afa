/**
 * The top space's repeatable actions chosen several at once (issue #13, fewer clicks, same rules): the rulebook lets a
 * player carry out each top action "so oft du möchtest und bezahlen kannst", so the tribe members recruited (different
 * ones), the progress cards bought and the animals caught (of different species) are each one multi-select, as large
 * as labour and tools pay for. A single item is the option it always was.
 */
import type { SetChoice } from '../../engine/types.js';
import type { EwOption, EwPayload, EwState } from './state.js';

/** Labour (halves) and tools one item of a top-space set costs, by payload kind. */
const COST: Partial<Record<EwPayload['kind'], { group: string; labour: number; tool: number }>> = {
  recruit: { group: 'grp.top', labour: 2, tool: 1 },
  buyProgress: { group: 'grp.top', labour: 6, tool: 0 },
  catch: { group: 'grp.catch', labour: 2, tool: 1 },
};

/** The multi-selects of the top space's options `top`: a group of items that all cost the same, up to what pays for them. */
export function topSets(s: EwState, top: EwOption[]): SetChoice[] {
  const t = s.turn!;
  const tools = s.players[t.seat]!.tool;
  const out: SetChoice[] = [];
  for (const [kind, c] of Object.entries(COST)) {
    const items = top.filter((o) => o.payload?.kind === kind);
    // every option of the group must be an item of the same cost (a set takes any of them)
    if (!items.length || top.some((o) => o.group === c.group && o.payload?.kind !== kind)) continue;
    const max = Math.min(items.length, Math.floor(t.pool / c.labour), c.tool ? tools / c.tool : Infinity);
    if (max >= 2) out.push({ group: c.group, min: 1, max });
  }
  return out;
}

/**
 * The actions of a top-space choice, in the order they are carried out: a single option's payload, or a set's items;
 * catches from the highest position in the hunting ground down, so that taking one does not move the next.
 */
export function topItems(option: EwOption): EwPayload[] {
  const items = (option.items ?? [option]).map((o) => o.payload!);
  const pos = (p: EwPayload): number => (p.kind === 'catch' && p.index !== null ? p.index : -1);
  return items.length > 1 ? [...items].sort((a, b) => pos(b) - pos(a)) : items;
}
