/** A whole game of endless-winter through Discord (see whole-game.ts). */
import { wholeGame } from './whole-game.js';

wholeGame('endless-winter');
