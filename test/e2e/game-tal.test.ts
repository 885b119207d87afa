/** A whole game of tal through Discord (see whole-game.ts). */
import { wholeGame } from './whole-game.js';

wholeGame('tal');
