/**
 * A tiny bot built on the unmodified discord.js client, for testing the stand-in and the sandbox page. It registers
 * `/campfire` with a few subcommands and answers with buttons, a select menu, an image, ephemerals, modals, threads
 * and DMs. Tests can hold replies back with `gate` to exercise the 3-second rule.
 */
import { createCanvas } from '@napi-rs/canvas';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  Client,
  EmbedBuilder,
  Events,
  GatewayIntentBits,
  MessageFlags,
  ModalBuilder,
  Partials,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Interaction,
} from 'discord.js';
import type { StandIn } from '../../src/standin/index.js';

export const CAMPFIRE_COMMAND = {
  name: 'campfire',
  description: 'Campfire test command',
  options: [
    { type: 1, name: 'ping', description: 'Reply with buttons and a board image' },
    { type: 1, name: 'secret', description: 'Reply only you can see' },
    { type: 1, name: 'slow', description: 'Defer, then edit' },
    { type: 1, name: 'form', description: 'Open a modal' },
    { type: 1, name: 'thread', description: 'Open a thread', options: [{ type: 3, name: 'name', description: 'Thread name', required: true }] },
    { type: 1, name: 'dm', description: 'DM a user', options: [{ type: 6, name: 'who', description: 'User', required: true }] },
    { type: 1, name: 'bigmenu', description: 'Try a 26-option menu' },
    { type: 1, name: 'raw', description: 'Not answered by the fake bot: left to a test\'s own listener' },
    {
      type: 1,
      name: 'new',
      description: 'Start a game',
      options: [{ type: 3, name: 'game', description: 'Game', required: true, choices: [{ name: 'Mammut', value: 'mammut' }, { name: 'Other', value: 'other' }] }],
    },
  ],
};

export function boardPng(text: string): Buffer {
  const canvas = createCanvas(120, 60);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2b6';
  ctx.fillRect(0, 0, 120, 60);
  ctx.fillStyle = '#fff';
  ctx.fillText(text, 10, 35);
  return canvas.encodeSync('png');
}

function pingRows(count: number) {
  return [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId('inc').setLabel(`Count ${count}`).setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setCustomId('hand').setLabel('My hand').setStyle(ButtonStyle.Secondary),
      new ButtonBuilder().setCustomId('ask').setLabel('Name').setStyle(ButtonStyle.Secondary),
    ),
    new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder()
        .setCustomId('pick')
        .setPlaceholder('Pick a tool')
        .addOptions({ label: 'Axe', value: 'axe' }, { label: 'Spear', value: 'spear' }, { label: 'Bow', value: 'bow' }),
    ),
  ];
}

export interface FakeBot {
  client: Client;
  errors: unknown[];
  /** When set, interaction handling awaits this promise first. */
  gate: Promise<void> | null;
  lastThreadId: string | null;
  stop(): Promise<void>;
}

export async function startFakeBot(standIn: StandIn): Promise<FakeBot> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.DirectMessages],
    partials: [Partials.Channel],
    rest: { api: standIn.apiBase },
  });
  const bot: FakeBot = {
    client,
    errors: [],
    gate: null,
    lastThreadId: null,
    stop: async () => {
      await client.destroy();
    },
  };
  let count = 0;
  const handle = async (i: Interaction) => {
    if (bot.gate) await bot.gate;
    if (i.isChatInputCommand()) {
      const sub = i.options.getSubcommand();
      if (sub === 'ping' || sub === 'new') {
        const file = new AttachmentBuilder(boardPng(`count ${count}`), { name: 'board.png' });
        await i.reply({
          content: sub === 'new' ? `New game of ${i.options.getString('game', true)} by ${i.user.username}` : 'Pong!',
          embeds: [new EmbedBuilder().setTitle('Board').setDescription('The table').setImage('attachment://board.png').setColor(0xe67e22)],
          files: [file],
          components: pingRows(count),
        });
      } else if (sub === 'secret') {
        await i.reply({ content: `Secret for ${i.user.username}: ${i.locale}`, flags: MessageFlags.Ephemeral });
      } else if (sub === 'slow') {
        await i.deferReply();
        await new Promise((r) => setTimeout(r, 100));
        await i.editReply({ content: 'Done after a while' });
      } else if (sub === 'form') {
        await i.showModal(
          new ModalBuilder()
            .setCustomId('form')
            .setTitle('Your name')
            .addComponents(
              new ActionRowBuilder<TextInputBuilder>().addComponents(
                new TextInputBuilder().setCustomId('name').setLabel('Name').setStyle(TextInputStyle.Short).setMaxLength(20),
              ),
            ),
        );
      } else if (sub === 'thread') {
        await i.deferReply({ flags: MessageFlags.Ephemeral });
        const channel = i.channel;
        if (!channel || channel.type !== ChannelType.GuildText) throw new Error('no channel');
        try {
          const thread = await channel.threads.create({ name: i.options.getString('name', true), type: ChannelType.PublicThread });
          bot.lastThreadId = thread.id;
          await thread.send('Welcome to the thread');
          await i.editReply(`Thread <#${thread.id}> opened`);
        } catch (e) {
          await i.editReply(`Could not open a thread: ${(e as { code?: number }).code ?? String(e)}`);
        }
      } else if (sub === 'dm') {
        const who = i.options.getUser('who', true);
        try {
          await who.send('Hello in private');
          await i.reply({ content: 'DM sent', flags: MessageFlags.Ephemeral });
        } catch (e) {
          await i.reply({ content: `DM failed: ${(e as { code?: number }).code ?? String(e)}`, flags: MessageFlags.Ephemeral });
        }
      } else if (sub === 'bigmenu') {
        const options = Array.from({ length: 26 }, (_, k) => ({ label: `Option ${k}`, value: `o${k}` }));
        try {
          await i.reply({
            content: 'menu',
            components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(new StringSelectMenuBuilder().setCustomId('big').addOptions(options.slice(0, 25)))],
          });
          // The builder itself refuses 26 options, so send the raw payload to the API as a buggy bot would.
          await i.followUp({
            content: 'menu26',
            components: [{ type: 1, components: [{ type: 3, custom_id: 'big26', options }] }],
          } as never);
        } catch (e) {
          await i.followUp({ content: `menu failed: ${(e as { code?: number }).code ?? String(e)}`, flags: MessageFlags.Ephemeral });
        }
      }
    } else if (i.isButton()) {
      if (i.customId === 'inc') {
        count++;
        await i.update({ content: `Pong! clicked ${count} by ${i.user.username}`, components: pingRows(count), files: [new AttachmentBuilder(boardPng(`count ${count}`), { name: 'board.png' })], attachments: [] });
      } else if (i.customId === 'hand') {
        await i.reply({ content: `Your hand, ${i.user.username}: secret-cards-of-${i.user.username}`, flags: MessageFlags.Ephemeral });
      } else if (i.customId === 'ask') {
        await i.showModal(
          new ModalBuilder()
            .setCustomId('form')
            .setTitle('Your name')
            .addComponents(
              new ActionRowBuilder<TextInputBuilder>().addComponents(new TextInputBuilder().setCustomId('name').setLabel('Name').setStyle(TextInputStyle.Short)),
            ),
        );
      }
    } else if (i.isStringSelectMenu()) {
      await i.deferUpdate();
      await i.followUp({ content: `${i.user.username} picked ${i.values.join(', ')}`, flags: MessageFlags.Ephemeral });
    } else if (i.isModalSubmit()) {
      await i.reply({ content: `Hello, ${i.fields.getTextInputValue('name')}!`, flags: MessageFlags.Ephemeral });
    }
  };
  client.on(Events.InteractionCreate, (i) => {
    handle(i).catch((e: unknown) => bot.errors.push(e));
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(standIn.token);
  await ready;
  await client.application!.commands.set([CAMPFIRE_COMMAND as never]);
  return bot;
}
