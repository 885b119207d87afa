/** The committed golden recordings (`test/golden/<game>/*.json`) and the message a recording that departs prints. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkRecording, parseStep, type GoldenRecording } from '../../src/engine/golden.js';
import { allGames } from '../../src/games/all.js';

const DIR = import.meta.dirname;

export interface GoldenFile { file: string; rec: GoldenRecording }

/** The recordings of a game, by file name. */
export function goldenFiles(game: string): GoldenFile[] {
  let names: string[];
  try {
    names = readdirSync(path.join(DIR, game)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.map((f) => ({ file: `test/golden/${game}/${f}`, rec: JSON.parse(readFileSync(path.join(DIR, game, f), 'utf8')) as GoldenRecording }));
}

/** The failure message of a recording that no longer replays (null: it replays exactly). */
export function goldenFailure(file: GoldenFile): string | null {
  const { rec } = file;
  const engine = allGames().find((m) => m.engine.id === rec.game)?.engine;
  if (!engine) return `${rec.game}: ${file.file} is of a game this Campfire does not know`;
  const m = checkRecording(engine, rec);
  if (!m) return null;
  const step = m.step === 0 ? null : parseStep(m.line);
  const where = !step ? 'at setup' : `at step ${m.step} of ${m.of} (${step.kind === 'undo' ? 'an undo' : `seat ${step.seat} chose ${step.option}`})`;
  return `${rec.game} ${file.file}, rules version ${rec.rulesVersion}: ${where}, ${m.what}. `
    + `A change that alters a stored game is a new rules version (docs/decisions.md, "Changing a game").`;
}

