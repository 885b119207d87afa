/**
 * The slash command, as data (Discord's application command JSON), built from the subcommands' own definitions
 * (`commands/<name>.ts`, listed in `commands/index.ts`). `npm run deploy-commands` sends it; the stand-in and the
 * sandbox register the same definition.
 */
import { allGames, getGame } from '../games/registry.js';
import { gameTranslator } from '../games/translator.js';
import { standingWindows } from '../service/settings.js';
import { SUBCOMMANDS } from './commands/index.js';
import { nameCommandsBy } from './translator.js';

export function commandDefinitions(): object[] {
  const gameChoices = allGames().map((g) => ({ name: g.engine.name, value: g.engine.id }));
  // The reaction windows one may always pass in (`/campfire settings always_pass`), named by game and window.
  const windows = standingWindows().map((w) => {
    const g = getGame(w.game)!;
    const name = (locale: 'en' | 'de') => `${g.engine.name}: ${gameTranslator(locale, g, [])(w.name)}`.slice(0, 100);
    return { name: name('en'), name_localizations: { de: name('de') }, value: w.id };
  });
  const all = { name: 'all of them', name_localizations: { de: 'alle' }, value: 'all' };
  return [
    {
      name: 'campfire',
      description: 'Play prehistoric board games with your friends',
      description_localizations: { de: 'Prähistorische Brettspiele mit Freunden spielen' },
      type: 1,
      // Installed to a server and to a user's account; usable in servers, the DM with the bot and private channels
      // (group DMs, DMs between users). Where only the user's install is behind it, and in the DM with the bot, only
      // the commands marked `inDms` answer (the router says so for the others).
      dm_permission: true,
      integration_types: [0, 1],
      contexts: [0, 1, 2],
      options: SUBCOMMANDS.map((s) => s.definition(gameChoices, { windows, all })),
    },
  ];
}

// The translator names commands ({cmd_new}: "/campfire new", "/campfire neu") by these definitions.
nameCommandsBy(commandDefinitions);
