/**
 * The slash command, as data (Discord's application command JSON). `npm run deploy-commands` sends it;
 * the stand-in and the sandbox register the same definition.
 */
import { allGames } from '../games/registry.js';

const STRING = 3, BOOLEAN = 5, INTEGER = 4, SUB = 1;

interface Text { en: string; de: string }
const described = (name: string, d: Text, de?: string) => ({
  name,
  ...(de ? { name_localizations: { de } } : {}),
  description: d.en,
  description_localizations: { de: d.de },
});

export function commandDefinitions(): object[] {
  const gameChoices = allGames().map((g) => ({ name: g.engine.name, value: g.engine.id }));
  return [
    {
      ...described('campfire', { en: 'Play prehistoric board games with your friends', de: 'Prähistorische Brettspiele mit Freunden spielen' }),
      type: 1,
      dm_permission: false,
      contexts: [0],
      options: [
        {
          type: SUB, ...described('new', { en: 'Open a lobby for a new game', de: 'Eine Lobby für ein neues Spiel eröffnen' }, 'neu'),
          options: [{ type: STRING, required: true, choices: gameChoices, ...described('game', { en: 'Which game', de: 'Welches Spiel' }, 'spiel') }],
        },
        { type: SUB, ...described('status', { en: 'Post the table of this thread\'s game again', de: 'Den Tisch des Spiels in diesem Thread neu posten' }) },
        {
          type: SUB, ...described('log', { en: 'Read the game\'s history', de: 'Den Spielverlauf lesen' }, 'protokoll'),
          options: [{ type: INTEGER, required: false, min_value: 1, ...described('page', { en: 'Page (default: the newest)', de: 'Seite (Standard: die neueste)' }, 'seite') }],
        },
        {
          type: SUB, ...described('rules', { en: 'A short summary of the rules', de: 'Eine kurze Zusammenfassung der Regeln' }, 'regeln'),
          options: [{ type: STRING, required: false, choices: gameChoices, ...described('game', { en: 'Which game (default: this thread\'s)', de: 'Welches Spiel (Standard: das dieses Threads)' }, 'spiel') }],
        },
        { type: SUB, ...described('hand', { en: 'Show your hand in this thread\'s game', de: 'Deine Hand im Spiel dieses Threads zeigen' }) },
        { type: SUB, ...described('abandon', { en: 'End this game (host, moderators, or a vote)', de: 'Dieses Spiel beenden (Gastgeber, Moderatoren oder Abstimmung)' }, 'aufgeben') },
        {
          type: SUB, ...described('settings', { en: 'Your Campfire settings', de: 'Deine Campfire-Einstellungen' }, 'einstellungen'),
          options: [{ type: BOOLEAN, required: true, ...described('dms', { en: 'Send me my hand and my turns by direct message', de: 'Hand und Züge per Direktnachricht schicken' }) }],
        },
      ],
    },
  ];
}
