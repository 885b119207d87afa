/**
 * No runtime import cycle (issue #29; `npx madge --circular` with type imports skipped, which this machine cannot
 * fetch): GIVEN every module under src/ THEN following the imports that load code (`import type` and imports of
 * types alone skipped) never leads back to where it started. A module split along its sections (Tal's round.ts, the
 * stand-in's core.ts, …) must import its parts, never be imported back by them.
 *
 * src/bot/ included: the translator no longer imports the command definitions (commands.ts gives them to it,
 * `nameCommandsBy`), which load the handlers, which load the translator.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const SKIP: string[] = [];

/** The modules a file loads when it runs (relative imports and re-exports of values). */
function runtimeImports(file: string, text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out: string[] = [];
  for (const m of code.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s+'(\.[^']+)'/gm)) {
    if (m[2]) continue;
    const names = /^\{([\s\S]*)\}$/.exec(m[3]!.trim());
    if (names && names[1]!.split(',').map((x) => x.trim()).filter(Boolean).every((x) => x.startsWith('type '))) continue;
    out.push(path.resolve(path.dirname(file), m[4]!.replace(/\.js$/, '.ts')));
  }
  for (const m of code.matchAll(/^\s*import\s+'(\.[^']+)'/gm)) out.push(path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, '.ts')));
  return out;
}

describe('import cycles', () => {
  it('GIVEN every module under src/ (but src/bot/) THEN no chain of runtime imports comes back to where it started', () => {
    const files = (readdirSync(SRC, { recursive: true }) as string[])
      .map((f) => f.split(path.sep).join('/'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !SKIP.some((s) => f.startsWith(s)))
      .map((f) => path.join(SRC, f));
    const known = new Set(files);
    const graph = new Map(files.map((f) => [f, runtimeImports(f, readFileSync(f, 'utf8')).filter((d) => known.has(d))]));
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const cycles: string[] = [];
    const visit = (f: string): void => {
      state.set(f, 'open');
      stack.push(f);
      for (const d of graph.get(f)!) {
        if (state.get(d) === 'open') cycles.push([...stack.slice(stack.indexOf(d)), d].map((x) => path.relative(SRC, x)).join(' → '));
        else if (!state.has(d)) visit(d);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f);
    expect(files.length).toBeGreaterThan(100);
    expect(cycles).toEqual([]);
  });
});
