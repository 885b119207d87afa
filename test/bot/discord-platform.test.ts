/**
 * The discord.js side of the platform, with the REST client replaced by a recorder: the bodies it sends are the ones
 * Discord's API reference describes.
 */
import type { Client } from 'discord.js';
import { expect, it } from 'vitest';
import { discordPlatform } from '../../src/bot/discord.js';
import { silentLog } from '../helpers/fake-discord.js';

it('GIVEN a follow-up with pictures THEN each attachment is described with its id as a string, as Discord\'s spec says', async () => {
  const posted: { route: string; body: { attachments: { id: unknown; filename: string }[] } }[] = [];
  const client = {
    application: { id: 'app' },
    rest: { post: async (route: string, opts: { body: never }) => { posted.push({ route, body: opts.body }); return { id: '1' }; } },
  } as unknown as Client;
  const platform = discordPlatform(client, silentLog);
  await platform.followUp!('token', { content: 'table', files: [{ name: 'table.png', data: Buffer.from('a') }, { name: 'hand.png', data: Buffer.from('b') }] });
  expect(posted[0]!.body.attachments).toEqual([{ id: '0', filename: 'table.png' }, { id: '1', filename: 'hand.png' }]);
});
