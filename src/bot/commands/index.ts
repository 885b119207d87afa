/**
 * Every subcommand of /campfire, in the order Discord registers them (the order is part of the registered JSON: a
 * change means `npm run deploy-commands`). A new command is a file in this folder exporting `command` (see
 * `../command.ts`), one line here, and its texts in `../messages.ts`; the definitions, the router's tables and the
 * test that every command has a handler follow from this list.
 */
import type { Subcommand } from '../command.js';
import { command as newGame } from './new.js';
import { command as status } from './status.js';
import { command as log } from './log.js';
import { command as rules } from './rules.js';
import { command as hand } from './hand.js';
import { command as abandon } from './abandon.js';
import { command as settings } from './settings.js';
import { command as vacation } from './vacation.js';
import { command as undo } from './undo.js';
import { command as replay } from './replay.js';
import { command as stats } from './stats.js';
import { command as games } from './games.js';
import { command as leaderboard } from './leaderboard.js';
import { command as server } from './server.js';

export const SUBCOMMANDS: readonly Subcommand[] = [newGame, status, log, rules, hand, abandon, settings, vacation, undo, replay, stats, games, leaderboard, server];
