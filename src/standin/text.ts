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
