/**
 * Request bodies checked against Discord's published OpenAPI spec, through the zod schemas that the npm package
 * `discord-api-spec` generates from it (`discord-api-spec/zod`, zod 4 mini). A body the schema refuses gets Discord's
 * 400 `{ code: 50035, message: 'Invalid Form Body', errors: {…} }`, the error tree keyed by the offending field's path
 * (`errors.embeds.0.title._errors[0].code`).
 *
 * The generated objects are zod's non-strict `z.object`: keys the spec does not list are dropped, not refused — as
 * Discord ignores unknown fields. The stand-in still stores the body as sent.
 *
 * What the spec does not encode stays hand-written in `limits.ts` (content ≤ 2000 for a bot message — the spec says
 * 4000, the Nitro limit —, 6000 characters over all embeds, unique custom ids, a select alone in its row, the empty
 * message rule, attachment sizes…).
 */
import * as Spec from 'discord-api-spec/zod';
import { invalidForm, type Obj } from './util.js';

/** What the stand-in needs of a zod (mini) schema. */
interface Schema {
  safeParse(input: unknown, params?: { reportInput?: boolean }): { success: true } | { success: false; error: { issues: Issue[] } };
}

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  input?: unknown;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  values?: unknown[];
  format?: string;
  errors?: Issue[][];
}

const S = Spec as unknown as Record<string, Schema>;

/** The spec's schema for an interaction callback, chosen by its `type` (as Discord's union is discriminated by it). */
function callbackSchema(body: Obj): Schema | string {
  switch (body?.type) {
    case 1:
      return S.PongInteractionCallbackRequestSchema;
    case 4:
    case 5:
      return S.CreateMessageInteractionCallbackRequestSchema;
    case 6:
    case 7:
      return S.UpdateMessageInteractionCallbackRequestSchema;
    case 8:
      return S.ApplicationCommandAutocompleteCallbackRequestSchema;
    case 9:
      return S.ModalInteractionCallbackRequestSchema;
    case 12:
      return S.LaunchActivityInteractionCallbackRequestSchema;
    default:
      return 'type';
  }
}

const arrayOf = (item: Schema): Schema => ({
  safeParse(input: unknown, params?: { reportInput?: boolean }) {
    if (!Array.isArray(input)) return { success: false, error: { issues: [{ code: 'invalid_type', expected: 'array', path: [], message: '', input }] } };
    const issues: Issue[] = [];
    input.forEach((x, i) => {
      const r = item.safeParse(x, params);
      if (!r.success) for (const is of r.error.issues) issues.push({ ...is, path: [i, ...is.path] });
    });
    return issues.length ? { success: false, error: { issues } } : { success: true };
  },
});

/**
 * The spec's request schema for a route template (`METHOD /path` with `:id`/`:token`, see `routeTemplate`), or null
 * when the route takes no body the spec describes. `channelIsThread` picks between the two PATCH /channels/{id} bodies.
 */
export function requestSchemaFor(route: string, body: Obj, channelIsThread = false): Schema | string | null {
  switch (route) {
    case 'POST /channels/:id/messages':
      return S.MessageCreateRequestSchema;
    case 'PATCH /channels/:id/messages/:id':
      return S.MessageEditRequestPartialSchema;
    case 'POST /channels/:id/threads':
      return S.CreateTextThreadWithoutMessageRequestSchema;
    case 'POST /channels/:id/messages/:id/threads':
      return S.CreateTextThreadWithMessageRequestSchema;
    case 'PATCH /channels/:id':
      return channelIsThread ? S.UpdateThreadRequestPartialSchema : S.UpdateGuildChannelRequestPartialSchema;
    case 'POST /users/@me/channels':
      return S.CreatePrivateChannelRequestSchema;
    case 'POST /interactions/:id/:token/callback':
      return callbackSchema(body);
    case 'POST /webhooks/:id/:token':
      return S.IncomingWebhookRequestPartialSchema;
    case 'PATCH /webhooks/:id/:token/messages/@original':
    case 'PATCH /webhooks/:id/:token/messages/:id':
      return S.IncomingWebhookUpdateRequestPartialSchema;
    case 'PUT /applications/:id/commands':
    case 'PUT /applications/:id/guilds/:id/commands':
      return arrayOf(S.ApplicationCommandUpdateRequestSchema);
    case 'POST /applications/:id/commands':
    case 'POST /applications/:id/guilds/:id/commands':
      return S.ApplicationCommandCreateRequestSchema;
    default:
      return null;
  }
}

interface DiscordError {
  path: PropertyKey[];
  code: string;
  message: string;
}

const TYPE_ERRORS: Record<string, [string, string]> = {
  string: ['STRING_TYPE_CONVERT', 'Could not interpret "{}" as string.'],
  number: ['NUMBER_TYPE_COERCE', 'Value "{}" is not int.'],
  int: ['NUMBER_TYPE_COERCE', 'Value "{}" is not int.'],
  boolean: ['BOOLEAN_TYPE_CONVERT', 'Must be either true or false.'],
  array: ['LIST_TYPE_CONVERT', 'Only iterables may be used in a ListType'],
  object: ['MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType'],
  record: ['DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType'],
};

/** One zod issue in Discord's words (codes and messages as Discord's 50035 answers name them). */
function toDiscord(issue: Issue): DiscordError[] {
  const path = issue.path;
  const shown = typeof issue.input === 'object' ? JSON.stringify(issue.input) : String(issue.input);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return [{ path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }];
      const [code, message] = TYPE_ERRORS[issue.expected ?? ''] ?? ['BASE_TYPE_BAD_TYPE', `Value "{}" is not ${issue.expected ?? 'valid'}.`];
      return [{ path, code, message: message.replace('{}', shown) }];
    }
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array')
        return [{ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${String(issue.maximum)} or fewer in length.` }];
      return [{ path, code: 'NUMBER_TYPE_MAX', message: `int value should be less than or equal to ${String(issue.maximum)}.` }];
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array')
        return [{ path, code: 'BASE_TYPE_MIN_LENGTH', message: `Must be ${String(issue.minimum)} or more in length.` }];
      return [{ path, code: 'NUMBER_TYPE_MIN', message: `int value should be greater than or equal to ${String(issue.minimum)}.` }];
    case 'invalid_value':
      return [{ path, code: 'BASE_TYPE_CHOICES', message: `Value must be one of {${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')}}.` }];
    case 'invalid_format':
      if (issue.format === 'url') return [{ path, code: 'URL_TYPE_INVALID_URL', message: 'Not a well formed URL.' }];
      if (issue.format === 'regex') return [{ path, code: 'NUMBER_TYPE_COERCE', message: `Value "${shown}" is not snowflake.` }];
      return [{ path, code: 'BASE_TYPE_BAD_FORMAT', message: `Value "${shown}" is not a valid ${issue.format ?? 'value'}.` }];
    case 'invalid_union': {
      // Discord reports the errors inside the variant the value was meant to be (chosen by its `type`); when no
      // variant fits that well, the union itself is the error.
      const branches = (issue.errors ?? []).filter((b) => !b.some((x) => x.path.length === 1 && x.path[0] === 'type'));
      if (branches.length > 0) {
        const best = branches.reduce((a, b) => (b.length < a.length ? b : a));
        return best.flatMap((x) => toDiscord({ ...x, path: [...path, ...x.path] }));
      }
      return [{ path, code: 'UNION_TYPE_CHOICES', message: 'Value of field "type" must be one of the allowed types.' }];
    }
    default:
      return [{ path, code: issue.code.toUpperCase(), message: issue.message }];
  }
}

/** Builds Discord's nested `errors` object from flat issues. */
export function errorTree(errors: DiscordError[]): Obj {
  const root: Obj = {};
  for (const e of errors) {
    let node = root;
    for (const key of e.path) node = node[String(key)] ??= {};
    (node._errors ??= []).push({ code: e.code, message: e.message });
  }
  return root;
}

const SNOWFLAKE_KEY = /(^id|_id|_ids)$/;
const SNOWFLAKE_LISTS = new Set(['users', 'roles', 'applied_tags', 'sticker_ids']);
const BITSET_KEYS = new Set(['default_member_permissions']);

/**
 * Where the published spec is narrower than what Discord accepts (and documents), a copy of the body is brought to
 * the spec's types before it is checked; the body itself is left as sent:
 * - snowflakes (`id`, `…_id`, `…_ids`, `allowed_mentions.users/roles`) given as non-negative integers — the spec says
 *   string, Discord takes both (its own examples send attachment ids as `0`, `1`…, and so does discord.js);
 * - permission bit sets given as decimal strings (`default_member_permissions`) — the spec says integer, Discord's
 *   documentation says "string", and discord.js sends a string.
 */
export function toSpecTypes(v: unknown, key = ''): unknown {
  if (Array.isArray(v)) {
    const list = SNOWFLAKE_LISTS.has(key) || /_ids$/.test(key);
    return v.map((x) => (list && Number.isSafeInteger(x) && (x as number) >= 0 ? String(x) : toSpecTypes(x)));
  }
  if (v === null || typeof v !== 'object') {
    if (SNOWFLAKE_KEY.test(key) && Number.isSafeInteger(v) && (v as number) >= 0) return String(v);
    if (BITSET_KEYS.has(key) && typeof v === 'string' && /^\d{1,17}$/.test(v)) return Number(v);
    return v;
  }
  const out: Obj = {};
  for (const [k, x] of Object.entries(v as Obj)) out[k] = toSpecTypes(x, k);
  return out;
}

/** Throws Discord's 400 / 50035 if `body` does not match the spec's request schema for `route`. */
export function validateAgainstSpec(route: string, body: unknown, opts: { channelIsThread?: boolean } = {}): void {
  const schema = requestSchemaFor(route, (body ?? {}) as Obj, opts.channelIsThread);
  if (schema === null) return;
  if (typeof schema === 'string') {
    throw invalidForm(errorTree([{ path: [schema], code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {1, 4, 5, 6, 7, 8, 9, 12}.' }]));
  }
  const r = schema.safeParse(toSpecTypes(body), { reportInput: true });
  if (r.success) return;
  throw invalidForm(errorTree(r.error.issues.flatMap(toDiscord)));
}

/**
 * The spec's response schema for a route template, or null where the stand-in's answer is not a message (or the
 * spec describes none we check). Discord's answers to message routes are `MessageResponse`s; lists are arrays of
 * them. The stand-in checks its own answers with these, so that the bot is never tested against a payload Discord
 * would not send (a field the spec requires missing, a wrong type).
 */
export function responseSchemaFor(route: string): Schema | null {
  switch (route) {
    case 'POST /channels/:id/messages':
    case 'GET /channels/:id/messages/:id':
    case 'PATCH /channels/:id/messages/:id':
    case 'POST /webhooks/:id/:token':
    case 'GET /webhooks/:id/:token/messages/:id':
    case 'GET /webhooks/:id/:token/messages/@original':
    case 'PATCH /webhooks/:id/:token/messages/@original':
    case 'PATCH /webhooks/:id/:token/messages/:id':
      return S.MessageResponseSchema;
    case 'GET /channels/:id/messages':
      return arrayOf(S.MessageResponseSchema);
    case 'GET /users/@me':
    case 'GET /users/:id':
      return S.UserResponseSchema;
    case 'POST /users/@me/channels':
      return S.PrivateChannelResponseSchema;
    case 'GET /guilds/:id/members/:id':
      return S.GuildMemberResponseSchema;
    default:
      return null;
  }
}

/**
 * The places where `body`, the stand-in's own answer to `route`, departs from the spec's response schema (empty: it
 * conforms). Each as `path: message`.
 */
export function responseProblems(route: string, body: unknown): string[] {
  const schema = responseSchemaFor(route);
  if (schema === null || body === undefined) return [];
  const r = schema.safeParse(body, { reportInput: true });
  if (r.success) return [];
  return r.error.issues.flatMap(toDiscord).map((e) => `${e.path.join('.')}: ${e.code} ${e.message}`);
}

/**
 * Where an interaction the stand-in sends departs from the spec in the fields that say who installed the app and
 * where it runs: `context` (0 server, 1 bot DM, 2 private channel) and the keys of `authorizing_integration_owners`
 * (0 server install, 1 user install). The spec has no schema for the whole interaction.
 */
export function interactionContextProblems(p: Obj): string[] {
  const out: string[] = [];
  if (!S.InteractionContextTypeSchema!.safeParse(p.context).success) out.push(`context ${String(p.context)}`);
  for (const k of Object.keys((p.authorizing_integration_owners ?? {}) as Obj)) {
    if (!S.ApplicationIntegrationTypeSchema!.safeParse(Number(k)).success) out.push(`authorizing_integration_owners key ${k}`);
  }
  if (p.context === 2 && !(p.authorizing_integration_owners as Obj | undefined)?.['1']) out.push('a private channel without a user install');
  return out;
}
