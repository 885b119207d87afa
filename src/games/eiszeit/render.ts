import type { RenderContext } from '../types.js';
import type { EiszeitView } from './state.js';
export function renderTable(_v: EiszeitView, _c: RenderContext): Buffer { return Buffer.alloc(0); }
export function renderHand(_v: EiszeitView, _s: number, _c: RenderContext): Buffer | null { return null; }
export function status(_v: EiszeitView, _c: RenderContext): string { return ''; }
