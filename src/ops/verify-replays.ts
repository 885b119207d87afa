/**
 * The operator's check before a deploy (`npm run maintenance -- --verify-replays`): every stored game that started
 * is replayed with this code from its seed, its options (with its data and rules versions) and its decisions, and
 * compared with what the store keeps of it:
 *  - a running (or not yet compacted) game: its state snapshot, and the log lines of every decision;
 *  - a compacted game: the log lines its archive kept (those of taken-back decisions), and that it still ends as
 *    stored (a finished game ends, with the stored places);
 *  - every game: every standing decision is still offered, and every taken-back one still gives the log lines
 *    stored with it when applied where it was made.
 * Nothing is written. A game that differs would change under this code (after an undo, in its log, its replay, its
 * rebuilt final state): the change that causes it needs a new rules version (docs/decisions.md, "Changing a game").
 */
import { apply, replay, replaySteps } from '../engine/apply.js';
import { FIRST_RULES_VERSION, RULES_VERSION_OPTION } from '../engine/rules-versions.js';
import type { BaseState, GameEngine, GameEvent, LobbyOptions } from '../engine/types.js';
import { getGame } from '../games/registry.js';
import { REPLAY_EVENTS } from '../store/archive.js';
import type { DecisionRow, GameRow, Repo } from '../store/repo.js';

export interface ReplayDifference { id: number; game: string; status: string; rulesVersion: number; compacted: boolean; problem: string }

export interface VerifyReport {
  checked: number;
  byStatus: Record<string, number>;
  compacted: number;
  /** Taken-back decisions whose stored log lines were compared (those undone without a table-log line are not). */
  undoneChecked: number;
  differ: ReplayDifference[];
  seconds: number;
}

/** JSON with the keys of every object sorted: two states equal in content compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : v));
}

/** The version at which each taken-back decision was taken back, from the table's `log.undo` lines. */
function undoneAt(tableLog: { version: number; events: string }[]): Map<number, number> {
  const at = new Map<number, number>();
  for (const line of tableLog) {
    for (const e of JSON.parse(line.events) as GameEvent[]) {
      // Before undo took back a run of decisions, a line named one (`version`); since, all of them (`versions`).
      const v = e.msg.args?.version;
      if ((e.msg.key === 'log.undo' || e.msg.key === 'log.undo_consent') && typeof v === 'number') at.set(v, line.version);
      const vs = e.msg.args?.versions;
      if ((e.msg.key === 'log.undo_list' || e.msg.key === 'log.undo_consent_list') && Array.isArray(vs)) for (const x of vs) if (typeof x === 'number') at.set(x, line.version);
    }
  }
  return at;
}

/** What the store keeps of one game, read in one transaction (a consistent picture while the bot plays on). */
interface Stored { row: GameRow; compacted: boolean; players: number; rows: DecisionRow[]; places: Map<number, number>; undoneAt: Map<number, number> }

function load(repo: Repo, id: number): Promise<Stored | null> {
  return repo.transaction(async () => {
    const row = await repo.game(id);
    if (!row) return null;
    return {
      row,
      compacted: !!await repo.sql.get('SELECT 1 AS x FROM archives WHERE game_id = ?', [id]),
      players: (await repo.players(id)).filter((p) => p.seat !== null).length,
      rows: await repo.decisions(id),
      places: new Map((await repo.ratings.placings(id)).map((p) => [p.seat, p.place])),
      undoneAt: undoneAt(await repo.tableLog(id)),
    };
  });
}

interface Checked { problem: string | null; undoneChecked: number }

function verifyGame(stored: Stored): Checked {
  const { row, players, rows } = stored;
  const engine = getGame(row.game)?.engine as GameEngine<BaseState> | undefined;
  if (!engine) return { problem: `${row.game} is not a game this Campfire knows`, undoneChecked: 0 };
  const options = JSON.parse(row.options) as LobbyOptions;
  const standing = rows.filter((d) => !d.undone);
  const choices = standing.map((d) => ({ seat: d.seat, option: d.option }));
  let final: BaseState | undefined;
  try {
    for (const step of replaySteps(engine, players, options, row.seed!, choices)) {
      final = step.state;
      if (step.index < 0) continue;
      const d = standing[step.index]!;
      if (d.events !== REPLAY_EVENTS && d.events !== JSON.stringify(step.events)) return { problem: `the log lines of decision ${d.version} (seat ${d.seat}: ${d.option}) differ`, undoneChecked: 0 };
    }
  } catch (err) {
    return { problem: `does not replay: ${(err as Error).message}`, undoneChecked: 0 };
  }
  if (row.state !== null && row.state !== JSON.stringify(final)) {
    const snapshot = JSON.parse(row.state) as BaseState;
    if (canonical(engine.upgrade ? engine.upgrade(snapshot) : snapshot) !== canonical(final)) return { problem: 'its stored state differs from the replay of its decisions', undoneChecked: 0 };
  }
  const outcome = engine.outcome(final!);
  if (row.status === 'finished') {
    if (!outcome) return { problem: 'finished in the store, but its replay has not ended', undoneChecked: 0 };
    for (const [seat, storedPlace] of stored.places) {
      const place = outcome.ranking.find((r) => r.seat === seat)?.place;
      if (place !== storedPlace) return { problem: `seat ${seat} placed ${storedPlace} in the store, ${place ?? 'nowhere'} in the replay`, undoneChecked: 0 };
    }
  } else if (outcome) return { problem: `${row.status} in the store, but its replay has ended`, undoneChecked: 0 };
  const undone = checkUndone(engine, stored, options);
  return { problem: undone.problem, undoneChecked: undone.checked };
}

/**
 * Taken-back decisions: each applied to the state it was made on (the decisions before it that still stood then:
 * not taken back, or taken back only later) must give the log lines stored with it.
 */
function checkUndone(engine: GameEngine<BaseState>, stored: Stored, options: LobbyOptions): { problem: string | null; checked: number } {
  const { row, players, rows, undoneAt: at } = stored;
  const undone = rows.filter((d) => d.undone && d.events !== REPLAY_EVENTS);
  let checked = 0;
  for (const u of undone) {
    if (!at.has(u.version)) continue;
    const before = rows.filter((d) => d.version < u.version && (!d.undone || (at.get(d.version) ?? Infinity) > u.version));
    if (before.some((d) => d.undone && !at.has(d.version))) continue;
    let state: BaseState;
    try {
      state = replay(engine, players, options, row.seed!, before.map((d) => ({ seat: d.seat, option: d.option })));
    } catch (err) {
      return { problem: `the decisions before taken-back decision ${u.version} do not replay: ${(err as Error).message}`, checked };
    }
    const r = apply(engine, state, u.seat, u.option);
    if (!r.ok) return { problem: `taken-back decision ${u.version} (seat ${u.seat}: ${u.option}) is refused now (${r.error.code})`, checked };
    if (JSON.stringify(r.events) !== u.events) return { problem: `the log lines of taken-back decision ${u.version} (seat ${u.seat}: ${u.option}) differ`, checked };
    checked++;
  }
  return { problem: null, checked };
}

/**
 * Replays every stored game that started and lists those that differ from what the store keeps. Reads only: each
 * game is read in a short transaction of its own (so a decision made meanwhile is seen whole or not at all), and
 * replayed outside it.
 */
export async function verifyReplays(repo: Repo, opts: { progress?: (done: number, total: number) => void } = {}): Promise<VerifyReport> {
  const t0 = performance.now();
  const ids = (await repo.sql.all<{ id: number }>('SELECT id FROM games WHERE seed IS NOT NULL ORDER BY id')).map((r) => r.id);
  const report: VerifyReport = { checked: 0, byStatus: {}, compacted: 0, undoneChecked: 0, differ: [], seconds: 0 };
  for (const id of ids) {
    const stored = await load(repo, id);
    if (!stored) continue;
    const row = stored.row;
    const compacted = stored.compacted;
    report.checked++;
    report.byStatus[row.status] = (report.byStatus[row.status] ?? 0) + 1;
    if (compacted) report.compacted++;
    const r = verifyGame(stored);
    report.undoneChecked += r.undoneChecked;
    if (r.problem) {
      const raw = (JSON.parse(row.options) as LobbyOptions)[RULES_VERSION_OPTION];
      report.differ.push({ id, game: row.game, status: row.status, rulesVersion: raw === undefined ? FIRST_RULES_VERSION : Number(raw), compacted, problem: r.problem });
    }
    opts.progress?.(report.checked, ids.length);
  }
  report.seconds = Math.round((performance.now() - t0) / 10) / 100;
  return report;
}
