/** Messages shared by every game (engine errors, control options). */
import type { Catalog } from './types.js';

export const commonMessages: { en: Catalog; de: Catalog } = {
  en: {
    'error.game_over': 'The game is over.',
    'error.not_your_turn': 'It is not your decision right now.',
    'error.unknown_option': 'That choice is not available any more.',
    'error.invalid_setup': 'These settings do not make a valid game.',
    'common.finish': 'Done',
    'common.back': 'Back',
    'common.pass': 'Pass',
    'common.decline': 'Decline',
    'common.set': '{items}',
    'common.yes': 'Yes',
    'common.no': 'No',
  },
  de: {
    'error.game_over': 'Das Spiel ist vorbei.',
    'error.not_your_turn': 'Die Entscheidung liegt gerade nicht bei dir.',
    'error.unknown_option': 'Diese Wahl ist nicht mehr möglich.',
    'error.invalid_setup': 'Mit diesen Einstellungen lässt sich kein Spiel aufbauen.',
    'common.finish': 'Fertig',
    'common.back': 'Zurück',
    'common.pass': 'Passen',
    'common.decline': 'Ablehnen',
    'common.set': '{items}',
    'common.yes': 'Ja',
    'common.no': 'Nein',
  },
};
