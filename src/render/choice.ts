/**
 * Shared parts of the choice pictures: which part of a board to show for a set of places, at what scale, so that the
 * picture reads in Discord's inline box (no taller than 550:350, at most 1,100 × 700) with the places' labels at 26 px.
 */
import type { Decision, Option } from '../engine/types.js';

/** A box in board units. */
export interface Box { left: number; top: number; right: number; bottom: number }

/**
 * The crop to draw: `box` widened (never narrowed) to the inline aspect, and the scale that fits it into 1,100 × 700
 * (at most `maxScale`). Returns the box, the scale and the picture's size in pixels.
 */
export function fitCrop(box: Box, maxScale: number, bounds?: Box): { box: Box; scale: number; width: number; height: number } {
  let { left, top, right, bottom } = box;
  const minW = (bottom - top) * 550 / 350;
  if (right - left < minW) {
    const grow = (minW - (right - left)) / 2;
    left -= grow; right += grow;
    // keep to the board where it can: shift the widened box back inside
    if (bounds && right - left <= bounds.right - bounds.left) {
      if (left < bounds.left) { right += bounds.left - left; left = bounds.left; }
      if (right > bounds.right) { left -= right - bounds.right; right = bounds.right; }
    }
  }
  const scale = Math.min(maxScale, 1100 / (right - left), 700 / (bottom - top));
  return { box: { left, top, right, bottom }, scale, width: Math.ceil((right - left) * scale), height: Math.ceil((bottom - top) * scale) };
}

/** The options of a decision that name a place (`place` returns its index, or null), the first option of each place. */
export function placesOf<P>(decision: Decision<P>, place: (o: Option<P>) => number | null): Map<number, string> {
  const out = new Map<number, string>();
  for (const o of decision.options) {
    if (o.role) continue;
    const p = place(o);
    if (p !== null && !out.has(p)) out.set(p, o.id);
  }
  return out;
}
