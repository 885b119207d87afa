/**
 * The compact form of a finished game's decisions: every decision row (taken-back ones too) as one small array,
 * the list as JSON, compressed with brotli. The log lines of decisions that stand are not kept: replaying the seed
 * and the choices gives them again, byte for byte (the engines are deterministic); those of taken-back decisions
 * cannot be replayed and are kept. A finished Mammut game's ~35 KB of decision rows become about 600 bytes.
 */
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import type { DecisionRow } from './repo.js';

export const ARCHIVE_FORMAT = 1;

type Packed = [version: number, seat: number, option: string, userId: string, at: number, revealed: number, undone: number, events?: unknown];

/** The `events` of an archived decision whose log lines are to be rebuilt by replay. */
export const REPLAY_EVENTS = '';

export function packDecisions(rows: DecisionRow[]): Buffer {
  const t0 = rows[0]?.at ?? 0;
  // Times as differences from the first decision keep the numbers short.
  const packed: (number | Packed)[] = [t0, ...rows.map((d): Packed => d.undone
    ? [d.version, d.seat, d.option, d.user_id, d.at - t0, d.revealed, d.undone, JSON.parse(d.events)]
    : [d.version, d.seat, d.option, d.user_id, d.at - t0, d.revealed, d.undone])];
  return brotliCompressSync(Buffer.from(JSON.stringify(packed)), { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } });
}

export function unpackDecisions(gameId: number, format: number, blob: Buffer): DecisionRow[] {
  if (format !== ARCHIVE_FORMAT) throw new Error(`game ${gameId}: unknown archive format ${format}`);
  const [t0, ...rows] = JSON.parse(brotliDecompressSync(blob).toString('utf8')) as [number, ...Packed[]];
  return rows.map(([version, seat, option, user_id, at, revealed, undone, events]) => ({
    game_id: gameId, version, seat, option, user_id, at: at + t0, revealed, undone, events: events === undefined ? REPLAY_EVENTS : JSON.stringify(events),
  }));
}
