/** Structured logs: JSON lines with context, and secrets removed by configuration. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/ops/log.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({ write(chunk, _enc, cb) { for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l)); cb(); } });
  return { lines, destination };
}

describe('the logger', () => {
  it('GIVEN a child logger for a game THEN every line is one JSON object with level, time, game, guild and the context', () => {
    const { lines, destination } = capture();
    const log = createLogger({ destination, level: 'info' });
    log.child({ game: 12, guild: 'g1' }).info('interaction', { kind: 'command:new', ms: 17 });
    log.debug('not shown at info');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'interaction', game: 12, guild: 'g1', kind: 'command:new', ms: 17 });
    expect(typeof lines[0]!.time).toBe('string');
  });

  it('GIVEN tokens and Authorization headers in the context THEN they are redacted, at any depth', () => {
    const { lines, destination } = capture();
    const log = createLogger({ destination });
    log.error('request failed', {
      token: 'BOT.TOKEN.SECRET', interactionToken: 'aW50ZXJhY3Rpb24', headers: { Authorization: 'Bot BOT.TOKEN.SECRET' },
      request: { options: { headers: { authorization: 'Bot BOT.TOKEN.SECRET' } } }, interaction: { token: 'aW50ZXJhY3Rpb24' },
    });
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/BOT\.TOKEN\.SECRET|aW50ZXJhY3Rpb24/);
    expect(lines[0]).toMatchObject({ token: '[redacted]', interactionToken: '[redacted]', headers: { Authorization: '[redacted]' }, interaction: { token: '[redacted]' } });
  });

  it('GIVEN LOG_LEVEL=warn THEN info lines are dropped', () => {
    const { lines, destination } = capture();
    const log = createLogger({ destination, level: 'warn' });
    log.info('quiet');
    log.warn('loud');
    expect(lines.map((l) => l.msg)).toEqual(['loud']);
  });
});
