import type { RenderContext } from '../types.js';
import type { TalView } from './engine.js';
export function renderTable(_v: TalView, _c: RenderContext): Buffer { return Buffer.alloc(0); }
export function renderHand(_v: TalView, _s: number, _c: RenderContext): Buffer | null { return null; }
export function status(_v: TalView, _c: RenderContext): string { return ''; }
