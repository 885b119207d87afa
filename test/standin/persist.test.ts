/**
 * A stand-in with `statePath` keeps its guild, users, channels, threads, messages, attachments and commands across a
 * restart, so the sandbox's bot database (which holds thread and message ids) still matches after `npm run sandbox`
 * is started again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStandIn } from '../../src/standin/index.js';
import { startFakeBot } from './fake-bot.js';

const dir = mkdtempSync(join(tmpdir(), 'campfire-standin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('GIVEN a stand-in with a state file', () => {
  it('WHEN it is restarted THEN ids, users, channels, threads, messages, images and commands are all still there', async () => {
    const statePath = join(dir, 'standin.json');
    const first = await startStandIn({ statePath, log: () => undefined });
    const bot = await startFakeBot(first);
    const general = first.channelByName('general').id;
    const erna = first.addUser({ username: 'erna', locale: 'de' });
    const ping = await first.user('ada').slash(general, 'campfire', { subcommand: 'ping' });
    await first.user('ada').slash(general, 'campfire', { subcommand: 'thread', options: { name: 'Game 1' } });
    const thread = first.threadsOf(general)[0];
    const bytes = first.attachment(ping.message!.attachments[0].url)!.data;
    first.user('bruno').closeDms();
    const other = first.addGuild({ name: 'Second server', shard: [1, 2] });
    const otherGeneral = first.channelByName('general', other.id).id;
    await bot.stop();
    await first.close();

    const second = await startStandIn({ statePath, log: () => undefined });
    try {
      expect(second.guild.id).toBe(first.guild.id);
      expect(second.applicationId).toBe(first.applicationId);
      expect(second.token).toBe(first.token);
      expect(second.user('erna').id).toBe(erna.id);
      expect(second.users.get(second.user('bruno').id)!.dmsOpen).toBe(false);
      expect(second.channelByName('general').id).toBe(general);
      expect(second.threadsOf(general).map((t) => [t.id, t.name])).toEqual([[thread.id, 'Game 1']]);
      expect(second.messagesIn(thread.id).map((m) => m.content)).toEqual(['Welcome to the thread']);
      const restored = second.message(ping.message!.id)!;
      expect(restored.components).toEqual(ping.message!.components);
      expect(restored.attachments[0].url.startsWith(second.baseUrl)).toBe(true);
      const served = Buffer.from(await (await fetch(restored.attachments[0].url)).arrayBuffer());
      expect(served.equals(bytes)).toBe(true);
      expect(second.commandList(null).map((c) => c.name)).toEqual(['campfire']);
      expect(second.guilds.get(other.id)?.guild.name).toBe('Second server');
      expect(second.channelByName('general', other.id).id).toBe(otherGeneral);
      expect(second.guildCreatePayload(other.id).roles).toEqual(first.guildCreatePayload(other.id).roles);

      // A fresh client logs in, sees the thread, and the old buttons still work.
      const bot2 = await startFakeBot(second);
      try {
        expect(bot2.client.channels.cache.has(thread.id)).toBe(true);
        expect(bot2.client.guilds.cache.get(other.id)?.channels.cache.has(otherGeneral)).toBe(true);
        const out = await second.user('chloe').click(ping.message!.id, 'inc');
        expect(out.kind).toBe('update');
        expect(second.messagesIn(general).some((m) => m.id === ping.message!.id && /clicked 1 by chloe/.test(m.content))).toBe(true);
      } finally {
        await bot2.stop();
      }
    } finally {
      await second.close();
    }
  });
});
