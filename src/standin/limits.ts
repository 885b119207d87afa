/**
 * Discord's documented limits on message payloads, components, embeds and modals, checked the way Discord checks them:
 * a violation becomes a 400 "Invalid Form Body" (code 50035) naming the offending field, or the specific error code
 * Discord uses (50006 for an empty message, 40005 for too large a request).
 */
import { ApiError, ErrorCodes, formError, type Obj } from './util.js';

export const LIMITS = {
  content: 2000,
  embedsPerMessage: 10,
  embedTotal: 6000,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooter: 2048,
  embedAuthor: 256,
  actionRows: 5,
  buttonsPerRow: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  selectOptionLabel: 100,
  selectOptionValue: 100,
  selectOptionDescription: 100,
  selectPlaceholder: 150,
  componentsV2Total: 40,
  attachmentsPerMessage: 10,
  /** Upload size limit of a guild without boosts (10 MiB). */
  fileBytes: 10 * 1024 * 1024,
  modalTitle: 45,
  modalComponents: 5,
  textInputLabel: 45,
  textInputValue: 4000,
  textInputPlaceholder: 100,
} as const;

/** Message flags. */
export const MessageFlags = {
  SuppressEmbeds: 1 << 2,
  Ephemeral: 1 << 6,
  Loading: 1 << 7,
  SuppressNotifications: 1 << 12,
  IsComponentsV2: 1 << 15,
} as const;

export const ComponentType = {
  ActionRow: 1,
  Button: 2,
  StringSelect: 3,
  TextInput: 4,
  UserSelect: 5,
  RoleSelect: 6,
  MentionableSelect: 7,
  ChannelSelect: 8,
  Section: 9,
  TextDisplay: 10,
  Thumbnail: 11,
  MediaGallery: 12,
  File: 13,
  Separator: 14,
  Container: 17,
  Label: 18,
} as const;

const tooLong = (path: string, max: number) =>
  formError(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);

function checkLength(path: string, value: unknown, max: number, required = false): void {
  if (value === undefined || value === null) {
    if (required) throw formError(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    return;
  }
  if (typeof value !== 'string') throw formError(path, 'STRING_TYPE_CONVERT', 'Could not interpret value as string.');
  if (value.length > max) throw tooLong(path, max);
}

function embedLength(e: Obj): number {
  let n = 0;
  n += (e.title ?? '').length + (e.description ?? '').length;
  n += (e.footer?.text ?? '').length + (e.author?.name ?? '').length;
  for (const f of e.fields ?? []) n += (f.name ?? '').length + (f.value ?? '').length;
  return n;
}

export function validateEmbeds(embeds: unknown): void {
  if (embeds === undefined || embeds === null) return;
  if (!Array.isArray(embeds)) throw formError('embeds', 'LIST_TYPE_CONVERT', 'Must be an array.');
  if (embeds.length > LIMITS.embedsPerMessage)
    throw formError('embeds', 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.embedsPerMessage} or fewer in length.`);
  let total = 0;
  embeds.forEach((e: Obj, i) => {
    const p = `embeds.${i}`;
    checkLength(`${p}.title`, e.title, LIMITS.embedTitle);
    checkLength(`${p}.description`, e.description, LIMITS.embedDescription);
    checkLength(`${p}.footer.text`, e.footer?.text, LIMITS.embedFooter);
    checkLength(`${p}.author.name`, e.author?.name, LIMITS.embedAuthor);
    const fields = e.fields ?? [];
    if (fields.length > LIMITS.embedFields)
      throw formError(`${p}.fields`, 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.embedFields} or fewer in length.`);
    fields.forEach((f: Obj, j: number) => {
      checkLength(`${p}.fields.${j}.name`, f.name, LIMITS.embedFieldName, true);
      checkLength(`${p}.fields.${j}.value`, f.value, LIMITS.embedFieldValue, true);
    });
    total += embedLength(e);
  });
  if (total > LIMITS.embedTotal)
    throw formError('embeds', 'MAX_EMBED_SIZE_EXCEEDED', `Embed size exceeds maximum size of ${LIMITS.embedTotal}`);
}

function checkButton(p: string, b: Obj, ids: Set<string>): void {
  const style = b.style;
  if (![1, 2, 3, 4, 5, 6].includes(style)) throw formError(`${p}.style`, 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3, 4, 5, 6}.');
  checkLength(`${p}.label`, b.label, LIMITS.buttonLabel);
  if (style === 5) {
    if (typeof b.url !== 'string') throw formError(`${p}.url`, 'BASE_TYPE_REQUIRED', 'This field is required');
    if (b.custom_id !== undefined) throw formError(`${p}.custom_id`, 'BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED', 'A custom id is not allowed for a link button');
    return;
  }
  if (style === 6) return;
  if (b.label === undefined && b.emoji === undefined)
    throw formError(`${p}.label`, 'BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED', 'A label or emoji is required');
  checkCustomId(p, b.custom_id, ids);
}

function checkCustomId(p: string, id: unknown, ids: Set<string>): void {
  checkLength(`${p}.custom_id`, id, LIMITS.customId, true);
  if ((id as string).length === 0) throw formError(`${p}.custom_id`, 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
  if (ids.has(id as string)) throw formError(`${p}.custom_id`, 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
  ids.add(id as string);
}

function checkSelect(p: string, s: Obj, ids: Set<string>): void {
  checkCustomId(p, s.custom_id, ids);
  checkLength(`${p}.placeholder`, s.placeholder, LIMITS.selectPlaceholder);
  const min = s.min_values ?? 1;
  const max = s.max_values ?? 1;
  if (typeof min !== 'number' || min < 0 || min > 25) throw formError(`${p}.min_values`, 'NUMBER_TYPE_MAX', 'min_values must be between 0 and 25.');
  if (typeof max !== 'number' || max < 1 || max > 25) throw formError(`${p}.max_values`, 'NUMBER_TYPE_MAX', 'max_values must be between 1 and 25.');
  if (min > max) throw formError(`${p}.min_values`, 'SELECT_COMPONENT_MIN_VALUES_TOO_LARGE', 'min_values is greater than max_values.');
  if (s.type !== ComponentType.StringSelect) return;
  const options = s.options;
  if (!Array.isArray(options) || options.length < 1)
    throw formError(`${p}.options`, 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
  if (options.length > LIMITS.selectOptions)
    throw formError(`${p}.options`, 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.selectOptions} or fewer in length.`);
  if (max > options.length)
    throw formError(`${p}.max_values`, 'SELECT_COMPONENT_MAX_VALUES_TOO_LARGE', `max_values must be less than or equal to the number of options (${options.length}).`);
  const values = new Set<string>();
  options.forEach((o: Obj, k: number) => {
    checkLength(`${p}.options.${k}.label`, o.label, LIMITS.selectOptionLabel, true);
    checkLength(`${p}.options.${k}.value`, o.value, LIMITS.selectOptionValue, true);
    checkLength(`${p}.options.${k}.description`, o.description, LIMITS.selectOptionDescription);
    if (values.has(o.value)) throw formError(`${p}.options.${k}.value`, 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED', 'Select option values must be unique');
    values.add(o.value);
  });
}

const SELECT_TYPES: readonly number[] = [3, 5, 6, 7, 8];

function checkActionRow(p: string, row: Obj, ids: Set<string>): void {
  const comps = row.components;
  if (!Array.isArray(comps) || comps.length === 0) throw formError(`${p}.components`, 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
  const selects = comps.filter((c: Obj) => SELECT_TYPES.includes(c.type));
  if (selects.length > 0 && comps.length > 1)
    throw formError(`${p}.components`, 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'The specified component exceeds the maximum width');
  if (comps.length > LIMITS.buttonsPerRow)
    throw formError(`${p}.components`, 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.buttonsPerRow} or fewer in length.`);
  comps.forEach((c: Obj, j: number) => {
    const cp = `${p}.components.${j}`;
    if (c.type === ComponentType.Button) checkButton(cp, c, ids);
    else if (SELECT_TYPES.includes(c.type)) checkSelect(cp, c, ids);
    else throw formError(`${cp}.type`, 'UNION_TYPE_CHOICES', `Value of field "type" must be one of (2, 3, 5, 6, 7, 8).`);
  });
}

function countComponents(list: Obj[]): number {
  let n = 0;
  for (const c of list) {
    n += 1;
    if (Array.isArray(c.components)) n += countComponents(c.components);
    if (c.accessory) n += 1;
  }
  return n;
}

function checkV2(p: string, c: Obj, ids: Set<string>): void {
  switch (c.type) {
    case ComponentType.ActionRow:
      return checkActionRow(p, c, ids);
    case ComponentType.Container:
      (c.components ?? []).forEach((x: Obj, i: number) => checkV2(`${p}.components.${i}`, x, ids));
      return;
    case ComponentType.Section:
      (c.components ?? []).forEach((x: Obj, i: number) => checkV2(`${p}.components.${i}`, x, ids));
      if (c.accessory?.type === ComponentType.Button) checkButton(`${p}.accessory`, c.accessory, ids);
      return;
    case ComponentType.TextDisplay:
      checkLength(`${p}.content`, c.content, 4000, true);
      return;
    case ComponentType.Thumbnail:
    case ComponentType.MediaGallery:
    case ComponentType.File:
    case ComponentType.Separator:
      return;
    default:
      throw formError(`${p}.type`, 'UNION_TYPE_CHOICES', `Unsupported component type ${String(c.type)}.`);
  }
}

export function validateComponents(components: unknown, flags: number): void {
  if (components === undefined || components === null) return;
  if (!Array.isArray(components)) throw formError('components', 'LIST_TYPE_CONVERT', 'Must be an array.');
  const ids = new Set<string>();
  if (flags & MessageFlags.IsComponentsV2) {
    if (countComponents(components) > LIMITS.componentsV2Total)
      throw formError('components', 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.componentsV2Total} or fewer in length.`);
    components.forEach((c: Obj, i) => checkV2(`components.${i}`, c, ids));
    return;
  }
  if (components.length > LIMITS.actionRows)
    throw formError('components', 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.actionRows} or fewer in length.`);
  components.forEach((row: Obj, i) => {
    if (row.type !== ComponentType.ActionRow)
      throw formError(`components.${i}.type`, 'UNION_TYPE_CHOICES', 'Top-level components must be action rows.');
    checkActionRow(`components.${i}`, row, ids);
  });
}

export interface IncomingFile {
  index: number;
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * Checks a message create/edit body. `creating` adds the "empty message" rule; `existingAttachments` is the count of
 * attachments the message keeps when editing.
 */
export function validateMessageBody(body: Obj, files: IncomingFile[], opts: { creating: boolean; keptAttachments?: number }): void {
  const flags = Number(body.flags ?? 0);
  checkLength('content', body.content, LIMITS.content);
  validateEmbeds(body.embeds);
  validateComponents(body.components, flags);
  if (flags & MessageFlags.IsComponentsV2) {
    if (body.content) throw formError('content', 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', 'The \'content\' field cannot be used when using MessageFlags.IS_COMPONENTS_V2');
    if (body.embeds?.length) throw formError('embeds', 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', 'The \'embeds\' field cannot be used when using MessageFlags.IS_COMPONENTS_V2');
  }
  if (files.length + (opts.keptAttachments ?? 0) > LIMITS.attachmentsPerMessage)
    throw formError('attachments', 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.attachmentsPerMessage} or fewer in length.`);
  for (const f of files) {
    if (f.data.length > LIMITS.fileBytes) throw new ApiError(413, ErrorCodes.RequestTooLarge, 'Request entity too large');
  }
  if (opts.creating) {
    const empty =
      !body.content &&
      !(body.embeds?.length) &&
      !(body.components?.length) &&
      files.length === 0 &&
      !(body.sticker_ids?.length) &&
      !body.poll;
    if (empty) throw new ApiError(400, ErrorCodes.EmptyMessage, 'Cannot send an empty message');
  }
}

/** Checks an interaction callback of type 9 (MODAL). */
export function validateModal(data: Obj): void {
  checkLength('data.title', data.title, LIMITS.modalTitle, true);
  const ids = new Set<string>();
  checkCustomId('data', data.custom_id, ids);
  const comps = data.components;
  if (!Array.isArray(comps) || comps.length < 1) throw formError('data.components', 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
  if (comps.length > LIMITS.modalComponents)
    throw formError('data.components', 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.modalComponents} or fewer in length.`);
  comps.forEach((c: Obj, i: number) => {
    const p = `data.components.${i}`;
    const inner: Obj[] =
      c.type === ComponentType.ActionRow ? (c.components ?? []) : c.type === ComponentType.Label ? [c.component] : c.type === ComponentType.TextDisplay ? [] : [c];
    if (c.type === ComponentType.Label) checkLength(`${p}.label`, c.label, LIMITS.textInputLabel, true);
    if (c.type === ComponentType.ActionRow && inner.length !== 1)
      throw formError(`${p}.components`, 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 1 in length.');
    inner.forEach((x: Obj) => {
      if (!x) throw formError(`${p}.component`, 'BASE_TYPE_REQUIRED', 'This field is required');
      if (x.type === ComponentType.TextInput) {
        checkCustomId(p, x.custom_id, ids);
        if (c.type === ComponentType.ActionRow) checkLength(`${p}.label`, x.label, LIMITS.textInputLabel, true);
        if (![1, 2].includes(x.style)) throw formError(`${p}.style`, 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2}.');
        checkLength(`${p}.placeholder`, x.placeholder, LIMITS.textInputPlaceholder);
        checkLength(`${p}.value`, x.value, LIMITS.textInputValue);
        for (const k of ['min_length', 'max_length'] as const) {
          const v = x[k];
          if (v !== undefined && (typeof v !== 'number' || v < 0 || v > LIMITS.textInputValue))
            throw formError(`${p}.${k}`, 'NUMBER_TYPE_MAX', `${k} must be between 0 and 4000.`);
        }
      } else if (SELECT_TYPES.includes(x.type)) {
        checkSelect(p, x, ids);
      } else {
        throw formError(`${p}.type`, 'UNION_TYPE_CHOICES', `Component type ${String(x.type)} is not allowed in a modal.`);
      }
    });
  });
}

/** Every interactive component (buttons, selects) in a message's component tree, depth first. */
export function interactiveComponents(components: Obj[] | undefined): Obj[] {
  const out: Obj[] = [];
  const walk = (list: Obj[] | undefined) => {
    for (const c of list ?? []) {
      if (c.type === ComponentType.Button || SELECT_TYPES.includes(c.type)) out.push(c);
      if (Array.isArray(c.components)) walk(c.components);
      if (c.accessory) walk([c.accessory]);
      if (c.component) walk([c.component]);
    }
  };
  walk(components);
  return out;
}
