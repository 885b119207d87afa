/**
 * The stand-in's own answers are checked against Discord's published response schemas (discord-api-spec), so the bot
 * is never tested against a payload Discord would not send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn, type RunningStandIn } from '../../src/standin/index.js';
import { responseProblems } from '../../src/standin/schema.js';
import { boardPng } from './fake-bot.js';

let s: RunningStandIn;
let general: string;

async function post(path: string, body: unknown, files: Array<{ name: string; data: Buffer }> = []) {
  const form = new FormData();
  form.append('payload_json', JSON.stringify(body));
  files.forEach((f, i) => form.append(`files[${i}]`, new Blob([new Uint8Array(f.data)], { type: 'image/png' }), f.name));
  const res = await fetch(`${s.apiBase}/v10${path}`, { method: 'POST', headers: { authorization: `Bot ${s.token}` }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

beforeAll(async () => {
  s = await startStandIn({ log: () => undefined, rateLimits: [] });
  general = s.channelByName('general').id;
});

afterAll(async () => {
  await s?.close();
});

describe('GIVEN the response schemas', () => {
  it('THEN a message answer without the fields Discord always sends is refused, naming them', () => {
    const problems = responseProblems('POST /channels/:id/messages', { id: '1', content: 'x' });
    expect(problems.some((p) => p.startsWith('type:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('timestamp:'))).toBe(true);
  });

  it('THEN routes whose answer is no message are not checked', () => {
    expect(responseProblems('DELETE /channels/:id/messages/:id', { anything: true })).toEqual([]);
  });
});

describe('GIVEN a message with an embed with fields, buttons, a menu, a Components V2 container and a picture', () => {
  it('THEN the stand-in answers as Discord does: embed type, inline fields, component ids, select bounds, placeholder', async () => {
    const classic = await post(`/channels/${general}/messages`, {
      embeds: [{ title: 'T', fields: [{ name: 'a', value: 'b' }], image: { url: 'attachment://board.png' } }],
      components: [
        { type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'go' }] },
        { type: 1, components: [{ type: 3, custom_id: 'menu', options: [{ label: 'A', value: 'a' }] }] },
      ],
      attachments: [{ id: '0', filename: 'board.png' }],
    }, [{ name: 'board.png', data: boardPng('x') }]);
    expect(classic.status).toBe(200);
    expect(responseProblems('POST /channels/:id/messages', classic.body)).toEqual([]);
    expect(classic.body.embeds[0].type).toBe('rich');
    expect(classic.body.embeds[0].fields[0].inline).toBe(false);
    const ids = [classic.body.components[0].id, classic.body.components[0].components[0].id, classic.body.components[1].id];
    expect(new Set(ids).size).toBe(3);
    expect(classic.body.components[1].components[0]).toMatchObject({ min_values: 1, max_values: 1 });
    expect(typeof classic.body.attachments[0].placeholder).toBe('string');

    const v2 = await post(`/channels/${general}/messages`, {
      flags: 1 << 15,
      components: [{
        type: 17,
        components: [
          { type: 10, content: 'What happened' },
          { type: 12, items: [{ media: { url: 'attachment://glance.png' } }] },
          { type: 1, components: [{ type: 2, style: 2, label: 'Full table', custom_id: 'full' }] },
        ],
      }],
      attachments: [{ id: '0', filename: 'glance.png' }],
    }, [{ name: 'glance.png', data: boardPng('x') }]);
    expect(v2.status).toBe(200);
    expect(responseProblems('POST /channels/:id/messages', v2.body)).toEqual([]);
    expect(v2.body.components[0].components[1].items[0].media.url).toMatch(/^http/);
  });
});
