/**
 * The slash command, as data (Discord's application command JSON), built from the subcommands' own definitions
 * (`commands/<name>.ts`, listed in `commands/index.ts`). `npm run deploy-commands` sends it; the stand-in and the
 * sandbox register the same definition.
 */
import { allGames } from '../games/registry.js';
import { SUBCOMMANDS } from './commands/index.js';

export function commandDefinitions(): object[] {
  const gameChoices = allGames().map((g) => ({ name: g.engine.name, value: g.engine.id }));
  return [
    {
      name: 'campfire',
      description: 'Play prehistoric board games with your friends',
      description_localizations: { de: 'Prähistorische Brettspiele mit Freunden spielen' },
      type: 1,
      // Servers and the DM with the bot (there, only the commands marked `inDms` answer).
      dm_permission: true,
      contexts: [0, 1],
      options: SUBCOMMANDS.map((s) => s.definition(gameChoices)),
    },
  ];
}
