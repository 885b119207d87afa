/**
 * The Tal's choice picture: for a decision whose options name hexes (placing a camp, a group's destination, where it
 * sets out from, a card's hex…), the part of the map around them, each such hex tagged "#n" as its option names it,
 * the others greyed. Drawn from the deciding seat's view and the decision only.
 */
import type { Decision, Option } from '../../engine/types.js';
import { makeCanvas, toPng } from '../../render/canvas.js';
import { fitCrop, placesOf } from '../../render/choice.js';
import { GLANCE_BG } from '../../render/glance.js';
import type { ChoicePicture, RenderContext } from '../types.js';
import { DATA } from './data.js';
import { drawGlanceMap } from './glance-map.js';
import type { TalView } from './state.js';

const SQ3 = Math.sqrt(3);

/** The hex an option names (its payload's `hex`), or null. */
export function optionHex(o: Option): number | null {
  const p = o.payload as { hex?: unknown } | undefined;
  return p && typeof p.hex === 'number' ? p.hex : null;
}

/** How a hex is tagged on the picture: its number as the options write it ("#24 plain 5" begins "#24"). */
export const hexTag = (i: number): string => `#${i + 1}`;

export function renderChoice(v: TalView, decision: Decision, rc: RenderContext): ChoicePicture | null {
  const places = placesOf(decision, optionHex);
  if (!places.size) return null;
  const hexes = DATA.get(v.dataVersion).boards[v.variant]!.hexes;
  // the places' box in hex radii (centres at 1.5q, √3(r + q/2)), a hex's half width and height around each
  const xs = [...places.keys()].map((i) => 1.5 * hexes[i]!.q), ys = [...places.keys()].map((i) => SQ3 * (hexes[i]!.r + hexes[i]!.q / 2));
  const all = { left: -5.5, right: 5.5, top: -3.5 * SQ3, bottom: 3.5 * SQ3 };
  const crop = fitCrop({ left: Math.min(...xs) - 1.6, right: Math.max(...xs) + 1.6, top: Math.min(...ys) - SQ3 * 0.75, bottom: Math.max(...ys) + SQ3 * 0.75 }, 80, all);
  const { canvas, ctx: g } = makeCanvas(crop.width, crop.height, GLANCE_BG);
  const R = crop.scale;
  const labels = new Map([...places.keys()].map((i) => [i, hexTag(i)]));
  const tags = drawGlanceMap(g, v, rc, { x: -crop.box.left * R, y: -crop.box.top * R, R }, { labels, dim: true });
  return { png: toPng(canvas), labels: [...tags].map(([i, b]) => ({ option: places.get(i)!, text: hexTag(i), ...b })) };
}
