/**
 * Endless Winter's choice picture: for a decision whose options move a camp (a migration step, a walk), the part of
 * the map around the destinations, each tagged "#n" as its option names it ("Camp Forest #3 → Lake #7" ends "#7"),
 * the other tiles greyed. Drawn from the deciding seat's view and the decision only.
 */
import type { Decision, Option } from '../../engine/types.js';
import { makeCanvas, toPng } from '../../render/canvas.js';
import { fitCrop, placesOf } from '../../render/choice.js';
import { GLANCE_BG } from '../../render/glance.js';
import type { ChoicePicture, RenderContext } from '../types.js';
import { HEXES } from './geometry.js';
import { drawGlanceMap } from './glance-map.js';
import type { EwView } from './view.js';

const SQ3 = Math.sqrt(3);

/** The tile a camp moves to in an option, or null. */
export function optionTile(o: Option): number | null {
  const p = o.payload as { kind?: string; to?: unknown } | undefined;
  return p && (p.kind === 'moveCamp' || p.kind === 'walkCamp') && typeof p.to === 'number' ? p.to : null;
}

export const tileTag = (i: number): string => `#${i}`;

export function renderChoice(v: EwView, decision: Decision, r: RenderContext): ChoicePicture | null {
  const places = placesOf(decision, optionTile);
  if (!places.size) return null;
  // tile centres in radii: (√3(q + r/2), 1.5r); a tile reaches √3/2 sideways and 1 up and down
  const xs = [...places.keys()].map((i) => SQ3 * (HEXES[i]![0] + HEXES[i]![1] / 2)), ys = [...places.keys()].map((i) => 1.5 * HEXES[i]![1]);
  const all = { left: -2.5 * SQ3, right: 2.5 * SQ3, top: -4, bottom: 4 };
  const crop = fitCrop({ left: Math.min(...xs) - SQ3, right: Math.max(...xs) + SQ3, top: Math.min(...ys) - 1.1, bottom: Math.max(...ys) + 1.1 }, 90, all);
  const { canvas, ctx: g } = makeCanvas(crop.width, crop.height, GLANCE_BG);
  const S = crop.scale;
  const labels = new Map([...places.keys()].map((i) => [i, tileTag(i)]));
  const tags = drawGlanceMap(g, v, { x: -crop.box.left * S, y: -crop.box.top * S, S }, { labels, dim: true });
  return { png: toPng(canvas), labels: [...tags].map(([i, b]) => ({ option: places.get(i)!, text: tileTag(i), ...b })) };
}
