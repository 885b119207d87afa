/**
 * One router for every command and component: parse, check that the click belongs where it was made, call the
 * handler. One central place answers errors: a player's mistake privately in their language, a bug with a short
 * generic message (logged once, with its context).
 */
import type { Subcommand } from './command.js';
import type { Component } from './component.js';
// The command definitions name the commands in texts ({cmd_new}; see nameCommandsBy in translator.ts).
import './commands.js';
import { SUBCOMMANDS } from './commands/index.js';
import { COMPONENTS } from './components/index.js';
import { type BotContext, UserError } from './context.js';
import { type IdKind, parseId } from './ids.js';
import type { Ix } from './platform.js';
import { clip, discordTranslator } from './present.js';
import { childOf } from '../ops/log.js';
import { metrics, since } from '../ops/metrics.js';

/** The router's tables, built from the commands' and components' own files. */
export const COMMANDS: ReadonlyMap<string, Subcommand> = new Map(SUBCOMMANDS.map((s) => [s.name, s]));
export const COMPONENT_OF: ReadonlyMap<IdKind, Component> = new Map(COMPONENTS.flatMap((k) => k.kinds.map((kind) => [kind, k] as const)));

export async function route(c: BotContext, ix: Ix): Promise<void> {
  if (ix.command) {
    const command = COMMANDS.get(ix.command.sub);
    if (!command) throw new UserError({ key: 'error.bad_id' });
    // Commands not marked `inDms` need a game's server: where only the user's own install answers (a group DM, a
    // server without Campfire), they say so; in the DM with the bot they point to the game's thread.
    if (ix.appOnly && !command.inDms) throw new UserError({ key: 'error.app_only' });
    if (ix.inDm && !command.inDms) throw new UserError({ key: 'error.dm_only_commands' });
    return command.run(c, ix);
  }
  const id = parseId(ix.customId);
  const component = id && COMPONENT_OF.get(id.kind);
  if (!id || !component) {
    c.log.warn('malformed custom_id', { customId: clip(String(ix.customId), 120), user: ix.user.id });
    throw new UserError({ key: 'error.bad_id' });
  }
  if (!component.game) return component.handle(c, ix, id);
  const privateOnly = typeof component.privateOnly === 'function' ? component.privateOnly(id) : !!component.privateOnly;
  if (privateOnly && ix.message === 'public' && !ix.inDm) {
    c.log.warn('click on a message it does not belong to', { customId: ix.customId, messageId: ix.messageId, user: ix.user.id });
    throw new UserError({ key: 'error.wrong_message' });
  }
  const g = await c.cf.views.game(id.gameId);
  if (!g) throw new UserError({ key: 'error.unknown_game' });
  return component.handle(c, ix, g, id);
}

/**
 * The kind of an interaction for logs and metrics, from a bounded set: `command:<sub>` for a known subcommand,
 * `component:<id kind>` for a well-formed custom_id, else `command:unknown` / `component:unknown`.
 */
export function kindOf(ix: Pick<Ix, 'command' | 'customId'>): string {
  if (ix.command) return `command:${COMMANDS.has(ix.command.sub) ? ix.command.sub : 'unknown'}`;
  const id = parseId(ix.customId);
  return `component:${id ? id.kind : 'unknown'}`;
}

/** A handler still without an answer after this long is deferred (Discord allows 3 s for the first answer). */
export const DEFER_AFTER_MS = 1500;
/**
 * A handler still without an answer after this long while the worker threads have pictures waiting (a herd of
 * clicks, each waiting for its hand) is deferred at once: the person sees Discord's "thinking" state in a tenth of a
 * second, and the panel follows when its picture is drawn.
 */
export const DEFER_WHEN_BUSY_MS = 100;

/** Answers every interaction exactly once, whatever happens inside the handler. */
export async function handle(c0: BotContext, ix0: Ix): Promise<void> {
  const t0 = performance.now();
  const kind = kindOf(ix0);
  const gameId = parseId(ix0.customId)?.gameId;
  // Every line logged while answering carries the interaction's kind, server and game.
  const c: BotContext = { ...c0, log: childOf(c0.log, { kind, guild: ix0.guildId ?? 'dm', ...(gameId ? { game: gameId } : {}) }) };
  // The game's posts wait until this interaction is answered (see `hold`).
  if (gameId) c.effects.hold?.(gameId);
  let answered = false;
  const first = () => { if (!answered) { answered = true; metrics.replySeconds.observe({ kind }, since(t0)); } };
  let outcome = 'ok';
  // An interaction not answered within DEFER_AFTER_MS (its handler waits for a picture while every worker is busy, or
  // for the database) is acknowledged now and answered when it can be: nobody sees "This interaction failed".
  const deferNow = () => {
    first();
    metrics.deferred.inc({ kind });
    ix0.defer(!COMMANDS.get(ix0.command?.sub ?? '')?.publicAnswer).catch((e: unknown) => c.log.warn('could not defer the answer', { err: String(e) }));
  };
  const deferTimer = setTimeout(deferNow, DEFER_AFTER_MS);
  const busyTimer = setTimeout(() => {
    if (answered || !c.pictures.busy?.()) return;
    clearTimeout(deferTimer);
    deferNow();
  }, DEFER_WHEN_BUSY_MS);
  const stopDeferring = () => { clearTimeout(deferTimer); clearTimeout(busyTimer); };
  try {
    // DMs follow the user's own Discord language: remember it when it is new (a write only when it changed).
    if (await c.cf.views.discordLocaleOf(ix0.user.id) !== ix0.locale) await c.cf.settings.rememberLocale(ix0.user.id, ix0.locale);
    const ix: Ix = {
      ...ix0,
      discordLocale: ix0.locale,
      locale: await c.cf.views.userLocale(ix0.user.id, ix0.locale),
      reply: async (m, e) => { stopDeferring(); first(); await ix0.reply(m, e); },
      update: async (m) => { stopDeferring(); first(); await ix0.update(m); },
    };
    try {
      await route(c, ix);
    } catch (err) {
      outcome = err instanceof UserError ? 'refused' : 'error';
      stopDeferring();
      await answerError(c, ix, ix0, err, answered, first);
    } finally {
      stopDeferring();
    }
  } catch (err) {
    // Not even the user's language could be read (the database): a bug, answered in English.
    outcome = 'error';
    stopDeferring();
    await answerError(c, { ...ix0, locale: ix0.locale }, ix0, err, answered, first);
  } finally {
    // What the interaction committed waits as jobs; they start now that the reply is out (or failed).
    if (gameId) c.effects.release?.(gameId);
    c.effects.wake();
    metrics.interactions.inc({ kind, outcome });
    c.log.info('interaction', { user: ix0.user.id, outcome, ms: Math.round(performance.now() - t0) });
  }
}

/** A player's mistake is answered in their language; anything else is a bug, logged once with its context. */
async function answerError(c: BotContext, ix: Ix, ix0: Ix, err: unknown, answered: boolean, first: () => void): Promise<void> {
  const t = discordTranslator(ix.locale, undefined);
  const text = err instanceof UserError ? t(err.msg) : t({ key: 'error.internal' });
  if (!(err instanceof UserError)) c.log.error('interaction failed', { user: ix.user.id, customId: ix.customId, command: ix.command?.sub, err: String((err as Error)?.stack ?? err) });
  try {
    if (answered) await ix0.followUp({ content: text }, true);
    else { first(); await ix0.reply({ content: text }, true); }
  } catch (e) {
    c.log.warn('could not send the error reply', { err: String(e) });
  }
}
