/**
 * Every kind of component (custom_id kind, see `../ids.ts`) with its handler. A new kind is a letter in `ids.ts`, a
 * file in this folder exporting `component` (see `../component.ts`), and one line here; the test of the router's
 * tables fails until all three agree.
 */
import type { Component } from '../component.js';
import { component as choice } from './choice.js';
import { component as deadline } from './deadline.js';
import { component as lobby } from './lobby.js';
import { component as reclaim } from './reclaim.js';
import { component as rules } from './rules.js';
import { component as table } from './table.js';
import { component as unavailable } from './unavailable.js';
import { component as undo } from './undo.js';
import { component as vote } from './vote.js';

export const COMPONENTS: readonly Component[] = [lobby, table, choice, vote, deadline, undo, reclaim, rules, unavailable];
