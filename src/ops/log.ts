/**
 * Structured logs: one JSON line per event (pino), readable in a terminal (pino-pretty, only when stdout is a TTY).
 * Secrets are removed by configuration — the redact paths below — not by hoping nobody logs them.
 */
import pino from 'pino';
import pretty from 'pino-pretty';

/**
 * Every place a secret can sit in a log context: the bot token, an interaction's token (it can answer the
 * interaction for 15 minutes), and HTTP Authorization headers — at the top level and up to three levels down.
 */
const SECRET_KEYS = ['token', 'interactionToken', 'interaction_token', 'authorization', 'Authorization', 'DISCORD_TOKEN', 'password'];
export const REDACT_PATHS = SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]);

/** What every module logs through: the bot, the service, ops (a plain object in tests). */
export interface Logger {
  info(msg: string, ctx?: object): void;
  warn(msg: string, ctx?: object): void;
  error(msg: string, ctx?: object): void;
}

/** The `Logger` every module uses, with child loggers that carry context (game, guild) on every line. */
export interface OpsLogger extends Logger {
  debug(msg: string, ctx?: object): void;
  child(bindings: Record<string, unknown>): OpsLogger;
  readonly pino: pino.Logger;
}

export function wrap(p: pino.Logger): OpsLogger {
  return {
    pino: p,
    debug: (m, c) => p.debug(c ?? {}, m),
    info: (m, c) => p.info(c ?? {}, m),
    warn: (m, c) => p.warn(c ?? {}, m),
    error: (m, c) => p.error(c ?? {}, m),
    child: (b) => wrap(p.child(b)),
  };
}

export interface LogOptions {
  /** `LOG_LEVEL`: trace, debug, info (default), warn, error, fatal, silent. */
  level?: string;
  /** Pretty output; by default when stdout is a terminal. */
  pretty?: boolean;
  /** Where the lines go (tests); stdout by default. */
  destination?: pino.DestinationStream;
}

export function createLogger(opts: LogOptions = {}): OpsLogger {
  const level = opts.level ?? process.env.LOG_LEVEL ?? 'info';
  const options: pino.LoggerOptions = {
    level,
    base: { app: 'campfire' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    formatters: { level: (label) => ({ level: label }) },
  };
  const usePretty = opts.pretty ?? (!opts.destination && !!process.stdout.isTTY);
  const stream = usePretty ? pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,app', sync: true }) : opts.destination ?? pino.destination({ sync: true });
  return wrap(pino(options, stream));
}

/** A child of `log` when it can have children (an `OpsLogger`), else `log` itself (plain test loggers). */
export function childOf(log: Logger, bindings: Record<string, unknown>): Logger {
  const c = (log as Partial<OpsLogger>).child;
  return typeof c === 'function' ? c.call(log, bindings) : log;
}
