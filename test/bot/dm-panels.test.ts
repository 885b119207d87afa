/**
 * A DM that carries a seat's panel keeps live buttons only while they can still choose: once the seat answered or
 * the game moved on, a job takes them off (and says why), once per DM, also across a restart.
 */
import { describe, expect, it } from 'vitest';
import { CampfireBot } from '../../src/bot/bot.js';
import { makeId, parseId } from '../../src/bot/ids.js';
import { Campfire } from '../../src/service/index.js';
import { Repo } from '../../src/store/repo.js';
import { FakeDiscord, harness, silentLog, type Sent } from '../helpers/fake-discord.js';
import { toy } from '../helpers/toy-game.js';

type H = ReturnType<typeof harness>;
const ann = { id: 'u-ann', name: 'Ann' };
const bob = { id: 'u-bob', name: 'Bob' };

async function started(h: H) {
  await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
  const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
  await h.bot.handle(h.discord.ix(bob, 'chan', { customId: makeId('L', gameId, 0, 'join') }));
  await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'start') }));
  await h.bot.settle();
  return gameId;
}

const owing = async (h: H, gameId: number) => {
  const g = (await h.repo.game(gameId))!;
  const d = (await h.service.decisions(g))[0]!;
  const seats = await h.service.seats(gameId);
  return { d, version: g.version, user: [ann, bob].find((u) => u.id === seats[d.seat]!.user_id)! };
};
/** The newest DM to `user` that carries live choice buttons or menus. */
const panelDm = (h: H, user: { id: string }): Sent | undefined =>
  h.discord.sent.filter((s) => s.kind === 'dm' && s.to === user.id && FakeDiscord.ids(s.msg).some((id) => /^[CM]\|/.test(id))).at(-1);
const editsOf = (h: H, messageId: string) => h.discord.sent.filter((s) => s.kind === 'edit' && s.id === messageId);

describe('DM panels lose their buttons once answered or stale', () => {
  it('GIVEN Ann got her turn by DM WHEN she answers on the thread\'s panel THEN that DM loses its buttons once and says she answered', async () => {
    const h = harness(toy);
    const gameId = await started(h);
    const { user, version } = await owing(h, gameId);
    const dm = panelDm(h, user)!;
    expect(dm).toBeDefined();
    await h.bot.handle(h.discord.ix(user, 'thread', { customId: makeId('C', gameId, version, 'pass'), message: 'ephemeral', messageId: 'eph-1' }));
    await h.bot.settle();
    const edits = editsOf(h, dm.id!);
    expect(edits).toHaveLength(1);
    expect(edits[0]!.to).toBe(`dm-${user.id}`);
    expect(edits[0]!.msg.components).toEqual([]);
    expect(edits[0]!.msg.content).toMatch(/^Done in \*\*Toy\*\* — see the thread/);
    // Collapsed to one line: the picture goes with the buttons.
    expect(edits[0]!.msg.files).toEqual([]);
    // The game goes on for a while: that DM is never edited again.
    for (let i = 0; i < 3; i++) {
      const o = await owing(h, gameId);
      await h.bot.handle(h.discord.ix(o.user, 'thread', { customId: makeId('C', gameId, o.version, 'pass'), message: 'ephemeral' }));
      await h.bot.settle();
    }
    expect(editsOf(h, dm.id!)).toHaveLength(1);
    // Every earlier turn's DM has lost its buttons; only the newest one of the seat now owing is live.
    const now = await owing(h, gameId);
    const live = h.discord.sent.filter((s) => s.kind === 'dm' && FakeDiscord.ids(s.msg).some((id) => /^[CM]\|/.test(id)) && editsOf(h, s.id!).length === 0);
    expect(live.map((s) => s.to)).toEqual([now.user.id]);
    expect(live.every((s) => FakeDiscord.ids(s.msg).every((id) => parseId(id)!.version === now.version || !/^[CM]\|/.test(id)))).toBe(true);
  });

  it('GIVEN Ann answers on the DM itself THEN its redraw stays hers (no job wipes it) until the game moves on, then it loses its buttons once', async () => {
    const h = harness(toy);
    const gameId = await started(h);
    const { user, version } = await owing(h, gameId);
    const dm = panelDm(h, user)!;
    await h.bot.handle(h.discord.ix(user, `dm-${user.id}`, { inDm: true, customId: makeId('C', gameId, version, 'pass'), message: 'public', messageId: dm.id }));
    expect(h.discord.last('update').msg.content).toMatch(/Done/);
    await h.bot.settle();
    expect(editsOf(h, dm.id!)).toHaveLength(0);
    const next = await owing(h, gameId);
    await h.bot.handle(h.discord.ix(next.user, 'thread', { customId: makeId('C', gameId, next.version, 'pass'), message: 'ephemeral' }));
    await h.bot.settle();
    expect(editsOf(h, dm.id!)).toHaveLength(1);
    expect(editsOf(h, dm.id!)[0]!.msg.components).toEqual([]);
  });

  it('GIVEN the game moved on without the seat (an undo by the table) THEN the seat\'s DM says so and loses its buttons', async () => {
    const h = harness(toy);
    const gameId = await started(h);
    const first = await owing(h, gameId);
    await h.bot.handle(h.discord.ix(first.user, 'thread', { customId: makeId('C', gameId, 0, 'pass'), message: 'ephemeral' }));
    await h.bot.settle();
    const second = await owing(h, gameId);
    const dm = panelDm(h, second.user)!;
    expect(parseId(FakeDiscord.ids(dm.msg)[0])!.version).toBe(1);
    // The first player takes the move back alone: the second player's turn DM is stale.
    await h.bot.handle(h.discord.ix(first.user, 'thread', { customId: makeId('U', gameId, 1, 'self'), message: 'ephemeral' }));
    await h.bot.settle();
    expect((await h.repo.game(gameId))!.version).toBe(2);
    const edits = editsOf(h, dm.id!);
    expect(edits).toHaveLength(1);
    expect(edits[0]!.msg.content).toMatch(/^\*\*Toy\*\* has moved on — see the thread/);
  });

  it('GIVEN a DM went stale while its seat still owes a decision (another seat moved in a simultaneous phase) THEN it says where the choices are now', async () => {
    const h = harness(toy);
    const gameId = await started(h);
    const { user, d } = await owing(h, gameId);
    const dm = panelDm(h, user)!;
    await h.cf.jobs.add([{ kind: 'dm_off', gameId, seat: d.seat, channelId: `dm-${user.id}`, messageId: dm.id!, why: 'moved_on' }]);
    await h.bot.settle();
    expect(editsOf(h, dm.id!)[0]!.msg.content).toMatch(/^\*\*Toy\*\* has moved on since this was sent; your choices as they are now: \*\*My turn\*\* in https:/);
  });

  it('GIVEN news for the hand while the turn\'s DM is live THEN no second DM comes (one DM per turn)', async () => {
    const h = harness(toy);
    const gameId = await started(h);
    const { user, d } = await owing(h, gameId);
    const first = panelDm(h, user)!;
    await h.cf.jobs.add([{ kind: 'dm', gameId, seat: d.seat, why: 'private' }]);
    await h.bot.settle();
    expect(h.discord.sent.filter((s) => s.kind === 'dm' && s.to === user.id)).toHaveLength(1);
    expect(panelDm(h, user)!.id).toBe(first.id);
  });

  it('GIVEN a reminder DM carries the panel again THEN the earlier DM loses its buttons (the newer one has them)', async () => {
    const h = harness(toy);
    const gameId = await started(h);
    const { user, d } = await owing(h, gameId);
    const first = panelDm(h, user)!;
    await h.cf.jobs.add([{ kind: 'remind', gameId, seat: d.seat, dueAt: Date.now() + 3_600_000 }]);
    await h.bot.settle();
    const second = panelDm(h, user)!;
    expect(second.id).not.toBe(first.id);
    expect(editsOf(h, first.id!)).toHaveLength(1);
    expect(editsOf(h, first.id!)[0]!.msg.content).toMatch(/newer message below/);
    expect(editsOf(h, second.id!)).toHaveLength(0);
  });

  it('GIVEN the game is abandoned THEN every live DM panel loses its buttons', async () => {
    const h = harness(toy);
    const gameId = await started(h);
    const { user } = await owing(h, gameId);
    const dm = panelDm(h, user)!;
    const thread = (await h.repo.game(gameId))!.thread_id!;
    await h.bot.handle(h.discord.ix(ann, thread, { command: { sub: 'abandon', options: {} } }));
    await h.bot.handle(h.discord.ix(ann, thread, { customId: makeId('V', gameId, (await h.repo.game(gameId))!.version, 'abandon.sure'), message: 'ephemeral' }));
    await h.bot.settle();
    expect((await h.repo.game(gameId))!.status).toBe('abandoned');
    expect(editsOf(h, dm.id!)).toHaveLength(1);
    expect(editsOf(h, dm.id!)[0]!.msg.components).toEqual([]);
  });

  it('GIVEN the process died after the answer was committed THEN after the restart the DM loses its buttons exactly once', async () => {
    const h = harness(toy);
    const gameId = await started(h);
    const { user, version } = await owing(h, gameId);
    const dm = panelDm(h, user)!;
    // Committed through the service, then the process "dies": its runner never ran the jobs.
    expect((await h.cf.play.choose(gameId, { ...user, guildId: 'guild' }, version, 'pass')).ok).toBe(true);
    expect(editsOf(h, dm.id!)).toHaveLength(0);
    const kinds = (h.db.prepare('SELECT effect FROM jobs').pluck().all() as string[]).map((e) => JSON.parse(e).kind);
    expect(kinds.filter((k) => k === 'dm_off')).toHaveLength(1);
    // A new process on the same database and the same Discord.
    const cf = new Campfire(Repo.sqlite(h.db, h.now), { now: h.now, newSeed: () => 'seed-1' });
    const bot = new CampfireBot(cf, h.discord, silentLog, { now: h.now });
    await bot.settle();
    await bot.settle();
    expect(editsOf(h, dm.id!)).toHaveLength(1);
    expect(editsOf(h, dm.id!)[0]!.msg.components).toEqual([]);
    expect(h.db.prepare('SELECT COUNT(*) FROM jobs').pluck().get()).toBe(0);
    expect(h.db.prepare('SELECT COUNT(*) FROM players WHERE dm_message_id = ?').pluck().get(dm.id)).toBe(0);
  });

  it('GIVEN German as the player\'s language THEN the line is German', async () => {
    const h = harness(toy);
    const gameId = await started(h);
    const { user, version } = await owing(h, gameId);
    await h.bot.handle(h.discord.ix(user, 'thread', { command: { sub: 'settings', options: { language: 'de' } } }));
    const dm = panelDm(h, user)!;
    await h.bot.handle(h.discord.ix(user, 'thread', { customId: makeId('C', gameId, version, 'pass'), message: 'ephemeral' }));
    await h.bot.settle();
    expect(editsOf(h, dm.id!)[0]!.msg.content).toMatch(/^Erledigt in \*\*Toy\*\*/);
  });
});

describe('a cancelled lobby\'s thread', () => {
  async function lobby(h: H) {
    await h.bot.handle(h.discord.ix(ann, 'chan', { command: { sub: 'new', options: { game: 'toy' } } }));
    const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
    return { gameId, thread: (await h.repo.game(gameId))!.thread_id! };
  }

  it('GIVEN the host cancels the lobby THEN its thread hears who cancelled it, then is archived and locked, once', async () => {
    const h = harness(toy);
    const { gameId, thread } = await lobby(h);
    await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'cancel'), message: 'public' }));
    await h.bot.settle();
    await h.bot.settle();
    const inThread = h.discord.sent.filter((s) => s.to === thread);
    expect(inThread.map((s) => s.kind)).toEqual(['post', 'archive']);
    expect(inThread[0]!.msg.content).toBe('The lobby was cancelled by Ann.');
    expect(h.discord.archived).toEqual([{ id: thread, locked: true }]);
  });

  it('GIVEN a German server and a moderator with a Markdown name THEN the line is German and the name shows as typed', async () => {
    const h = harness(toy);
    const { gameId, thread } = await lobby(h);
    await h.repo.update(gameId, { locale: 'de' });
    await h.bot.handle(h.discord.ix({ id: 'u-mod', name: '**Mo**' }, 'chan', { customId: makeId('L', gameId, 0, 'cancel'), message: 'public', canManageThreads: true }));
    await h.bot.settle();
    expect(h.discord.sent.find((s) => s.kind === 'post' && s.to === thread)!.msg.content).toBe('Die Lobby wurde von \\*\\*Mo\\*\\* abgebrochen.');
  });

  it('GIVEN Discord refuses the lock THEN the thread is archived all the same', async () => {
    const h = harness(toy);
    const { gameId, thread } = await lobby(h);
    h.discord.refuseLock = true;
    await h.bot.handle(h.discord.ix(ann, 'chan', { customId: makeId('L', gameId, 0, 'cancel'), message: 'public' }));
    await h.bot.settle();
    expect(h.discord.archived).toEqual([{ id: thread, locked: false }]);
  });

  it('GIVEN the lobby was opened inside a thread it did not make THEN that thread is left open', async () => {
    const h = harness(toy);
    await h.bot.handle(h.discord.ix(ann, 'thread-99', { command: { sub: 'new', options: { game: 'toy' } } }));
    const gameId = parseId(FakeDiscord.ids(h.discord.last('reply').msg)[0])!.gameId;
    await h.bot.handle(h.discord.ix(ann, 'thread-99', { customId: makeId('L', gameId, 0, 'cancel'), message: 'public' }));
    await h.bot.settle();
    expect((await h.repo.game(gameId))!.status).toBe('abandoned');
    expect(h.discord.archived).toEqual([]);
  });
});
