import type { Obj } from './util.js';

/**
 * All human-readable text of a message or modal payload: content, embed texts, component labels, option labels,
 * values and descriptions, placeholders, attachment file names and descriptions. For "no hidden info leaked" checks.
 */
export function messageText(p: Obj): string {
  const out: string[] = [];
  const push = (v: unknown) => {
    if (typeof v === 'string' && v.length) out.push(v);
  };
  push(p.content);
  push(p.title);
  for (const e of (p.embeds ?? []) as Obj[]) {
    push(e.title);
    push(e.description);
    push(e.author?.name);
    push(e.footer?.text);
    push(e.image?.url);
    push(e.thumbnail?.url);
    for (const f of (e.fields ?? []) as Obj[]) {
      push(f.name);
      push(f.value);
    }
  }
  const walk = (list: Obj[] | undefined) => {
    for (const c of list ?? []) {
      push(c.label);
      push(c.placeholder);
      push(c.content);
      push(c.value);
      push(c.custom_id);
      for (const o of (c.options ?? []) as Obj[]) {
        push(o.label);
        push(o.value);
        push(o.description);
      }
      for (const i of (c.items ?? []) as Obj[]) push(i.description);
      walk(c.components);
      if (c.accessory) walk([c.accessory]);
      if (c.component) walk([c.component]);
    }
  };
  walk(p.components);
  for (const a of (p.attachments ?? []) as Obj[]) {
    push(a.filename);
    push(a.description);
  }
  return out.join('\n');
}

/** One line per message, for debugging failed tests: author, flags, content, embeds, components, attachments. */
export function transcriptLine(p: Obj): string {
  const who = p.author?.global_name ?? p.author?.username ?? '?';
  const tags: string[] = [];
  if ((p.flags ?? 0) & 64) tags.push('ephemeral');
  if ((p.flags ?? 0) & 128) tags.push('thinking');
  const parts: string[] = [];
  if (p.content) parts.push(String(p.content).replace(/\n/g, ' / '));
  for (const e of (p.embeds ?? []) as Obj[]) parts.push(`[embed ${[e.title, e.description].filter(Boolean).join(': ').replace(/\n/g, ' / ')}]`);
  const walk = (list: Obj[] | undefined) => {
    for (const c of list ?? []) {
      if (c.type === 2) parts.push(`[button ${c.label ?? c.emoji?.name ?? ''}${c.disabled ? ' (disabled)' : ''} → ${c.custom_id ?? c.url}]`);
      else if ([3, 5, 6, 7, 8].includes(c.type)) {
        const opts = ((c.options ?? []) as Obj[]).map((o) => `${o.label}=${o.value}`).join(', ');
        parts.push(`[select ${c.placeholder ?? ''} → ${c.custom_id}${opts ? `: ${opts}` : ''}]`);
      } else if (c.type === 10) parts.push(String(c.content).replace(/\n/g, ' / '));
      walk(c.components);
      if (c.accessory) walk([c.accessory]);
    }
  };
  walk(p.components);
  for (const a of (p.attachments ?? []) as Obj[]) parts.push(`[file ${a.filename}]`);
  return `${who}${tags.length ? ` (${tags.join(', ')})` : ''}: ${parts.join(' ')}`;
}

/**
 * The first interactive component of a message matching `match`: a string or RegExp tested against a button's label
 * (or emoji name), a select's placeholder and its custom_id; or a predicate.
 */
export function findComponent(p: Obj, match: string | RegExp | ((c: Obj) => boolean)): Obj | null {
  const test = (v: unknown) => typeof v === 'string' && (typeof match === 'string' ? v === match : match instanceof RegExp ? match.test(v) : false);
  let found: Obj | null = null;
  const walk = (list: Obj[] | undefined) => {
    for (const c of list ?? []) {
      if (found) return;
      const interactive = c.type === 2 || [3, 5, 6, 7, 8].includes(c.type);
      if (interactive) {
        const ok = typeof match === 'function' ? match(c) : test(c.label) || test(c.emoji?.name) || test(c.placeholder) || test(c.custom_id);
        if (ok) {
          found = c;
          return;
        }
      }
      walk(c.components);
      if (c.accessory) walk([c.accessory]);
    }
  };
  walk(p.components);
  return found;
}
