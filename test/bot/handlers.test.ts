/**
 * GIVEN the registered /campfire definition, the custom_id grammar and the router
 * THEN every defined subcommand and every custom_id kind has exactly one handler, and every handler something that
 * reaches it: a command file missing from the list, a kind without a handler, or a handler of an unknown kind fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import '../../src/games/all.js';
import { commandDefinitions } from '../../src/bot/commands.js';
import { SUBCOMMANDS } from '../../src/bot/commands/index.js';
import { COMPONENTS } from '../../src/bot/components/index.js';
import { ID_KINDS } from '../../src/bot/ids.js';
import { COMMANDS, COMPONENT_OF } from '../../src/bot/router.js';

const src = fileURLToPath(new URL('../../src/', import.meta.url));
const filesIn = (dir: string) => readdirSync(path.join(src, dir)).filter((f) => f.endsWith('.ts') && f !== 'index.ts').map((f) => f.slice(0, -3)).sort();
const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('commands and their handlers', () => {
  const defined = (commandDefinitions()[0] as { options: { name: string; type: number }[] }).options;

  it('the registered definition, the router and the files of src/bot/commands/ name the same subcommands, once each', () => {
    const files = filesIn('bot/commands');
    expect(defined.every((o) => o.type === 1)).toBe(true);
    expect(sorted(defined.map((o) => o.name)), 'registered').toEqual(files);
    expect(sorted(COMMANDS.keys()), 'routed').toEqual(files);
    expect(SUBCOMMANDS).toHaveLength(files.length);
  });
});

describe('custom_id kinds and their handlers', () => {
  it('every kind of the grammar has exactly one component handler, and every handler only kinds of the grammar', () => {
    const handled = COMPONENTS.flatMap((c) => c.kinds);
    expect(sorted(handled)).toEqual(sorted(ID_KINDS));
    expect(sorted(COMPONENT_OF.keys())).toEqual(sorted(ID_KINDS));
  });

  it('every kind the bot draws (makeId in src/) has a handler', () => {
    const drawn = new Set<string>();
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const f = path.join(dir, e.name);
        if (e.isDirectory()) walk(f);
        else if (f.endsWith('.ts')) for (const m of readFileSync(f, 'utf8').matchAll(/makeId\('([A-Z])'/g)) drawn.add(m[1]!);
      }
    };
    walk(src);
    expect(drawn.size).toBeGreaterThan(5);
    for (const kind of drawn) expect(COMPONENT_OF.has(kind as never), `custom_id kind ${kind}`).toBe(true);
  });

  it('every file in src/bot/components/ is in the list', () => {
    expect(COMPONENTS).toHaveLength(filesIn('bot/components').length);
  });
});
