/**
 * Eiszeit's choice picture: for a decision whose options name regions (the glacier, a hunter's move, a card's target
 * region), the part of the board holding them, each tagged with its number as the option names it ("6 River valley"
 * begins "6"), the others greyed; hunters / limit and the hunters stay visible. Drawn from the seat's view only.
 */
import type { Decision, Option } from '../../engine/types.js';
import { makeCanvas, toPng } from '../../render/canvas.js';
import { fitCrop, placesOf } from '../../render/choice.js';
import { GLANCE_BG } from '../../render/glance.js';
import type { ChoicePicture, RenderContext } from '../types.js';
import { DATA } from './data.js';
import { drawGlanceBoard } from './glance.js';
import type { EiszeitView } from './state.js';

/** The region an option names (index 0–11), or null. */
export function optionRegion(o: Option): number | null {
  const p = o.payload as { region?: unknown } | undefined;
  return p && typeof p.region === 'number' ? p.region : null;
}

export const regionTag = (r: number): string => String(r + 1);

export function renderChoice(view: EiszeitView, decision: Decision, ctx: RenderContext): ChoicePicture | null {
  const places = placesOf(decision, optionRegion);
  if (!places.size) return null;
  const board = DATA.get(view.dataVersion ?? 1).board;
  const pts = [...places.keys()].flatMap((r) => board.regions[r]!.polygon);
  const xs = pts.map((p) => p[0]!), ys = pts.map((p) => p[1]!);
  const crop = fitCrop({ left: Math.min(...xs) - 10, right: Math.max(...xs) + 10, top: Math.min(...ys) - 10, bottom: Math.max(...ys) + 10 }, 1.1, { left: -10, top: -10, right: board.width + 10, bottom: board.height + 10 });
  const { canvas, ctx: g } = makeCanvas(crop.width, crop.height, GLANCE_BG);
  const labels = new Map([...places.keys()].map((r) => [r, regionTag(r)]));
  const tags = drawGlanceBoard(g, view, ctx, { x: -crop.box.left * crop.scale, y: -crop.box.top * crop.scale, scale: crop.scale }, new Set(), labels);
  return { png: toPng(canvas), labels: [...tags].map(([r, b]) => ({ option: places.get(r)!, text: regionTag(r), ...b })) };
}
