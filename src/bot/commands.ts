/**
 * The slash command, as data (Discord's application command JSON). `npm run deploy-commands` sends it;
 * the stand-in and the sandbox register the same definition.
 */
import { allGames } from '../games/registry.js';

const STRING = 3, BOOLEAN = 5, INTEGER = 4, SUB = 1, USER = 6, ROLE = 8, NUMBER = 10;

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
      // Installed to a server and to a user's account; usable in servers, the DM with the bot and private channels
      // (group DMs, DMs between users). Where only the user's install is behind it, and in the DM with the bot, only
      // games, leaderboard, stats, settings and rules answer (the router says so for the others).
      dm_permission: true,
      integration_types: [0, 1],
      contexts: [0, 1, 2],
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
          type: SUB, ...described('settings', { en: 'Your Campfire settings (leave an option out to keep it)', de: 'Deine Campfire-Einstellungen (weggelassene Optionen bleiben)' }, 'einstellungen'),
          options: [
            { type: BOOLEAN, required: false, ...described('dms', { en: 'Send me my hand and my turns by direct message', de: 'Hand und Züge per Direktnachricht schicken' }) },
            { type: INTEGER, required: false, min_value: 0, max_value: 23, ...described('quiet_from', { en: 'No reminders from this hour (your local time)', de: 'Keine Erinnerungen ab dieser Stunde (deine Ortszeit)' }, 'ruhe_ab') },
            { type: INTEGER, required: false, min_value: 0, max_value: 23, ...described('quiet_until', { en: 'Reminders again from this hour', de: 'Erinnerungen wieder ab dieser Stunde' }, 'ruhe_bis') },
            { type: NUMBER, required: false, min_value: -12, max_value: 14, ...described('utc_offset', { en: 'Your time zone as hours from UTC, e.g. 1 or -5', de: 'Deine Zeitzone in Stunden zu UTC, z. B. 1 oder -5' }, 'utc_versatz') },
            { type: STRING, required: false, choices: [{ name: 'Discord', value: 'auto' }, { name: 'English', value: 'en' }, { name: 'Deutsch', value: 'de' }], ...described('language', { en: 'Language of my panels and DMs', de: 'Sprache meiner Panels und Direktnachrichten' }, 'sprache') },
            { type: BOOLEAN, required: false, ...described('digest', { en: 'A daily direct message with the games waiting for me', de: 'Täglich eine Direktnachricht mit den Spielen, die auf mich warten' }, 'tagesuebersicht') },
            { type: INTEGER, required: false, min_value: 0, max_value: 23, ...described('digest_hour', { en: 'Hour of the daily digest (your local time; turns it on)', de: 'Stunde der Tagesübersicht (deine Ortszeit; schaltet sie ein)' }, 'uebersicht_stunde') },
          ],
        },
        {
          type: SUB, ...described('vacation', { en: 'Pause your deadlines for some days (0 ends a vacation)', de: 'Deine Fristen für einige Tage anhalten (0 beendet den Urlaub)' }, 'urlaub'),
          options: [{ type: INTEGER, required: true, min_value: 0, max_value: 60, ...described('days', { en: 'How many days', de: 'Wie viele Tage' }, 'tage') }],
        },
        { type: SUB, ...described('undo', { en: 'Take back your last decision (or ask the table to)', de: 'Deine letzte Entscheidung zurücknehmen (oder den Tisch darum bitten)' }, 'rueckgaengig') },
        { type: SUB, ...described('replay', { en: 'The game turn by turn, as an animated picture', de: 'Das Spiel Zug um Zug als animiertes Bild' }, 'wiederholung') },
        {
          type: SUB, ...described('stats', { en: 'Games, wins and average placing', de: 'Partien, Siege und durchschnittliche Platzierung' }, 'statistik'),
          options: [{ type: USER, required: false, ...described('player', { en: 'Whose (default: yours)', de: 'Von wem (Standard: deine)' }, 'spieler') }],
        },
        {
          type: SUB, ...described('games', { en: 'All your games across servers: those waiting for you first', de: 'Alle deine Spiele auf allen Servern: zuerst die, die auf dich warten' }, 'spiele'),
          options: [{ type: INTEGER, required: false, min_value: 1, max_value: 50, ...described('page', { en: 'Page (default: the first)', de: 'Seite (Standard: die erste)' }, 'seite') }],
        },
        {
          type: SUB, ...described('leaderboard', { en: 'The best players of a game, and your place', de: 'Die besten Spieler eines Spiels und dein Platz' }, 'rangliste'),
          options: [
            { type: STRING, required: true, choices: gameChoices, ...described('game', { en: 'Which game', de: 'Welches Spiel' }, 'spiel') },
            {
              type: STRING, required: false,
              choices: [{ name: 'This server', name_localizations: { de: 'Dieser Server' }, value: 'server' }, { name: 'All servers', name_localizations: { de: 'Alle Server' }, value: 'all' }],
              ...described('scope', { en: 'This server (default) or all servers that allow it', de: 'Dieser Server (Standard) oder alle Server, die es erlauben' }, 'bereich'),
            },
          ],
        },
        {
          type: SUB, ...described('server', { en: 'Server settings for Campfire (managers only)', de: 'Campfire-Einstellungen des Servers (nur Verwalter)' }),
          options: [
            { type: INTEGER, required: false, choices: [0, 12, 24, 48, 72].map((h) => ({ name: h ? `${h} h` : 'none / keine', value: h })), ...described('deadline', { en: 'Default turn deadline of new games', de: 'Standardfrist pro Zug neuer Spiele' }, 'frist') },
            { type: INTEGER, required: false, min_value: 0, max_value: 120, ...described('vacation_days', { en: 'Vacation days each player may take per year', de: 'Urlaubstage pro Spieler und Jahr' }, 'urlaubstage') },
            { type: ROLE, required: false, ...described('manager_role', { en: 'Members with this role may manage games', de: 'Mitglieder mit dieser Rolle dürfen Spiele verwalten' }, 'verwalter_rolle') },
            { type: STRING, required: false, choices: [{ name: 'Server', value: 'auto' }, { name: 'English', value: 'en' }, { name: 'Deutsch', value: 'de' }], ...described('language', { en: 'Language of public posts', de: 'Sprache öffentlicher Beiträge' }, 'sprache') },
            { type: BOOLEAN, required: false, ...described('global_leaderboard', { en: 'Members may appear on leaderboards across servers', de: 'Mitglieder dürfen in serverübergreifenden Ranglisten erscheinen' }, 'globale_rangliste') },
          ],
        },
      ],
    },
  ];
}
