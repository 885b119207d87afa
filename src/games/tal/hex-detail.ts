/**
 * What is on a hex, in words, for the detail of an option that names it (a destination, a start camp): animals,
 * tribes, a camp, and water for fishing beside it. Presentation only: it never changes an option's id or payload.
 */
import type { Msg } from '../../engine/types.js';
import { SPECIES } from './data.js';
import { an, board, campAt, fig, m, seatRef, type TalState } from './state.js';

export function hexDetail(s: TalState, i: number): Msg {
  const parts: Msg[] = [];
  SPECIES.forEach((sp, k) => { const n = an(s, i, k); if (n > 0) parts.push(m('tal.choice.animals', { n, sp: m(`tal.species.${sp}`) })); });
  for (let p = 0; p < s.players; p++) {
    const w = fig(s, 'm', i, p), f = fig(s, 'w', i, p);
    if (w + f > 0) parts.push(m('tal.choice.people', { p: seatRef(p), m: w, w: f }));
  }
  const camp = campAt(s, i);
  if (camp) parts.push(m('tal.choice.camp', { p: seatRef(camp.seat), kind: m(`tal.camp.${camp.kind}`) }));
  const bh = board(s).hexes[i]!;
  if (bh.lakeSide || bh.riverSide) parts.push(m(bh.lakeSide && bh.riverSide ? 'tal.choice.lakeRiver' : bh.lakeSide ? 'tal.choice.lake' : 'tal.choice.river'));
  return parts.length ? m('tal.choice.detail', { parts }) : m('tal.choice.empty');
}
