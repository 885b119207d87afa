/** A whole game of eiszeit through Discord (see whole-game.ts). */
import { wholeGame } from './whole-game.js';

wholeGame('eiszeit');
