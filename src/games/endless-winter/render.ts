import type { RenderContext } from '../types.js';
import type { EwView } from './view.js';
import { makeCanvas, toPng } from '../../render/canvas.js';
export function renderTable(_v: EwView, _c: RenderContext): Buffer { const { canvas } = makeCanvas(10, 10); return toPng(canvas); }
export function renderHand(_v: EwView, _s: number, _c: RenderContext): Buffer | null { return null; }
export function status(v: EwView, _c: RenderContext): string { return `round ${v.round}`; }
