// Campfire sandbox: a small Discord-like client for the stand-in's simulated users. No framework, no build step.

const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k === 'html') node.innerHTML = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
};

let renderedKey = '';

const store = {
  state: null,
  as: new URLSearchParams(location.search).get('as') || localStorage.getItem('campfire.as') || null,
  channel: new URLSearchParams(location.search).get('channel') || localStorage.getItem('campfire.channel') || null,
  messages: [],
  dismissed: new Set(),
  modal: null,
  /** A message the user's own interaction just brought (a private panel): scrolled into view once it is drawn. */
  reveal: null,
};

async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.error || `${res.status} ${res.statusText}`);
  return data;
}

function toast(text, kind = 'error') {
  const t = el('div', { class: `toast ${kind}`, role: 'status', text });
  $('#toasts').append(t);
  setTimeout(() => t.remove(), 6000);
}

// ------------------------------------------------------------------ names and markdown

function userName(id) {
  if (!store.state) return id;
  if (id === store.state.bot.id) return store.state.bot.name;
  return store.state.users.find((u) => u.id === id)?.name ?? 'unknown';
}

function channelName(id) {
  for (const c of store.state?.channels ?? []) {
    if (c.id === id) return c.name;
    const t = c.threads.find((x) => x.id === id);
    if (t) return t.name;
  }
  return 'unknown-channel';
}

function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** Discord's `<t:unix:style>` timestamps. */
function timestamp(unix, style) {
  const d = new Date(Number(unix) * 1000);
  const lang = store.state?.me?.locale ?? 'en-US';
  switch (style) {
    case 't': return d.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
    case 'T': return d.toLocaleTimeString(lang);
    case 'd': return d.toLocaleDateString(lang);
    case 'D': return d.toLocaleDateString(lang, { dateStyle: 'long' });
    case 'F': return d.toLocaleString(lang, { dateStyle: 'full', timeStyle: 'short' });
    case 'R': {
      const diff = (d.getTime() - Date.now()) / 1000;
      const units = [['year', 31536000], ['month', 2592000], ['day', 86400], ['hour', 3600], ['minute', 60], ['second', 1]];
      const [unit, secs] = units.find(([, n]) => Math.abs(diff) >= n) ?? ['second', 1];
      return new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }).format(Math.round(diff / secs), unit);
    }
    default: return d.toLocaleString(lang, { dateStyle: 'long', timeStyle: 'short' });
  }
}

function inlineMd(s) {
  return s
    .replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, unix, style) => `<span class="timestamp" title="${new Date(Number(unix) * 1000).toLocaleString()}">${escapeHtml(timestamp(unix, style))}</span>`)
    .replace(/`([^`\n]+)`/g, (_, c) => `<code>${c}</code>`)
    .replace(/\*\*([^*\n]+)\*\*/g, '<b>$1</b>')
    .replace(/__([^_\n]+)__/g, '<u>$1</u>')
    .replace(/(^|[^*])\*([^*\n]+)\*/g, '$1<i>$2</i>')
    .replace(/(^|[\s(])_([^_\n]+)_(?=$|[\s).,!?])/g, '$1<i>$2</i>')
    .replace(/~~([^~\n]+)~~/g, '<s>$1</s>')
    .replace(/\|\|([^|\n]+)\|\|/g, '<span class="spoiler">$1</span>')
    .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => `<span class="mention">@${escapeHtml(userName(id))}</span>`)
    .replace(/&lt;#(\d+)&gt;/g, (_, id) => `<span class="mention channel-mention" data-channel="${id}">#${escapeHtml(channelName(id))}</span>`)
    .replace(/\[([^\]\n]+)\]\((https?:[^)\s]+)\)/g, '<a href="$2" target="_blank" rel="noreferrer">$1</a>');
}

/** A small subset of Discord markdown, on HTML-escaped text. */
function markdown(text) {
  const src = escapeHtml(text || '');
  const parts = src.split(/```(?:[a-z]*\n)?([\s\S]*?)```/g);
  let html = '';
  parts.forEach((part, i) => {
    if (i % 2 === 1) {
      html += `<pre><code>${part}</code></pre>`;
      return;
    }
    html += part
      .split('\n')
      .map((line) => {
        let m;
        if ((m = /^### (.*)$/.exec(line))) return `<h3>${inlineMd(m[1])}</h3>`;
        if ((m = /^## (.*)$/.exec(line))) return `<h2>${inlineMd(m[1])}</h2>`;
        if ((m = /^# (.*)$/.exec(line))) return `<h1>${inlineMd(m[1])}</h1>`;
        if ((m = /^-# (.*)$/.exec(line))) return `<span class="subtext">${inlineMd(m[1])}</span>`;
        if ((m = /^&gt; ?(.*)$/.exec(line))) return `<blockquote>${inlineMd(m[1])}</blockquote>`;
        if ((m = /^\s*[-*] (.*)$/.exec(line))) return `• ${inlineMd(m[1])}`;
        return inlineMd(line);
      })
      .join('\n')
      .replace(/(<\/h[123]>|<\/blockquote>)\n/g, '$1');
  });
  return html;
}

function colorFor(id) {
  const palette = ['#5865f2', '#eb459e', '#57f287', '#fee75c', '#ed4245', '#f47b67', '#3ba55c', '#faa61a'];
  let h = 0;
  for (const ch of String(id)) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return palette[h % palette.length];
}

// ------------------------------------------------------------------ rendering messages

function attachmentUrl(msg, url) {
  if (url && url.startsWith('attachment://')) {
    const name = url.slice('attachment://'.length);
    return msg.attachments.find((a) => a.filename === name)?.url ?? null;
  }
  return url;
}

function renderEmbed(msg, e) {
  const color = typeof e.color === 'number' ? `#${e.color.toString(16).padStart(6, '0')}` : null;
  const image = e.image?.url ? attachmentUrl(msg, e.image.url) : null;
  const thumb = e.thumbnail?.url ? attachmentUrl(msg, e.thumbnail.url) : null;
  return el(
    'div',
    { class: 'embed', style: color ? `border-left-color:${color}` : null },
    thumb ? el('img', { class: 'embed-thumb', src: thumb, alt: '' }) : null,
    e.author?.name ? el('div', { class: 'embed-author', text: e.author.name }) : null,
    e.title ? el('div', { class: 'embed-title', html: inlineMd(escapeHtml(e.title)) }) : null,
    e.description ? el('div', { class: 'embed-desc content', html: markdown(e.description) }) : null,
    e.fields?.length
      ? el(
          'div',
          { class: 'embed-fields' },
          e.fields.map((f) =>
            el('div', { class: `embed-field${f.inline ? ' inline' : ''}` }, el('div', { class: 'embed-field-name', html: inlineMd(escapeHtml(f.name)) }), el('div', { class: 'embed-field-value content', html: markdown(f.value) })),
          ),
        )
      : null,
    image ? el('a', { class: 'embed-image', href: image, target: '_blank' }, el('img', { src: image, alt: e.image.description ?? 'embed image' })) : null,
    e.footer?.text ? el('div', { class: 'embed-footer', text: e.footer.text }) : null,
  );
}

async function runInteraction(path, body, button) {
  if (button) button.classList.add('busy');
  try {
    const out = await api(path, { as: store.as, ...body });
    handleOutcome(out);
  } catch (err) {
    toast(err.message);
  } finally {
    if (button) button.classList.remove('busy');
    renderedKey = '';
    refresh();
  }
}

function handleOutcome(out) {
  if (out.kind === 'none') toast(`${store.state?.bot.name ?? 'The bot'} did not respond. This interaction failed.`);
  // A new private answer (a panel, a hand) lands at the bottom: show it, wherever the user had scrolled to.
  if (out.message && out.message.channel_id === store.channel && (out.kind === 'message' || out.kind === 'update') && (out.message.flags & 64) !== 0) store.reveal = out.message.id;
  if (out.kind === 'modal' && out.modal) openModal(out.modal);
  if (out.message && out.message.channel_id && out.message.channel_id !== store.channel && out.kind === 'message') {
    // A reply elsewhere (e.g. DM): stay, but say so.
    toast('The bot answered in another channel.', 'info');
  }
  refresh();
}

function renderButton(msg, b) {
  const label = [b.emoji?.name, b.label].filter(Boolean).join(' ');
  if (b.style === 5) return el('a', { class: 'btn s5', href: b.url, target: '_blank', rel: 'noreferrer', text: `${label} ↗` });
  const btn = el('button', {
    type: 'button',
    class: `btn s${b.style}`,
    disabled: b.disabled || b.style === 6,
    dataset: { customId: b.custom_id ?? '' },
    text: label,
  });
  btn.addEventListener('click', () => runInteraction('/api/click', { message: msg.id, customId: b.custom_id }, btn));
  return btn;
}

function renderSelect(msg, s) {
  if (s.type !== 3 && s.type !== 5) return el('div', { class: 'ephemeral-note', text: `(select menu type ${s.type} is not simulated)` });
  const multi = (s.max_values ?? 1) > 1;
  const options = s.type === 3 ? s.options : store.state.users.map((u) => ({ label: u.name, value: u.id }));
  const select = el(
    'select',
    { multiple: multi, disabled: s.disabled, dataset: { customId: s.custom_id }, 'aria-label': s.placeholder ?? 'Select' },
    multi ? null : el('option', { value: '', text: s.placeholder ?? 'Make a selection', disabled: true, selected: true }),
    options.map((o) => el('option', { value: o.value, text: [o.emoji?.name, o.label].filter(Boolean).join(' ') + (o.description ? ` — ${o.description}` : ''), selected: !multi ? false : o.default })),
  );
  const wrap = el('div', { class: 'select-wrap' }, select);
  if (multi) {
    const choose = el('button', { type: 'button', text: `Choose (${s.min_values ?? 1}–${s.max_values})`, disabled: s.disabled });
    choose.addEventListener('click', () => {
      const values = [...select.selectedOptions].map((o) => o.value);
      runInteraction('/api/select', { message: msg.id, customId: s.custom_id, values }, choose);
    });
    wrap.append(choose);
  } else {
    select.addEventListener('change', () => runInteraction('/api/select', { message: msg.id, customId: s.custom_id, values: [select.value] }, select));
  }
  return wrap;
}

function renderComponent(msg, c) {
  switch (c.type) {
    case 1:
      return el('div', { class: 'row' }, c.components.map((x) => renderComponent(msg, x)));
    case 2:
      return renderButton(msg, c);
    case 3: case 5: case 6: case 7: case 8:
      return renderSelect(msg, c);
    case 9:
      return el('div', { class: 'section' }, el('div', {}, c.components.map((x) => renderComponent(msg, x))), c.accessory ? renderComponent(msg, c.accessory) : null);
    case 10:
      return el('div', { class: 'content', html: markdown(c.content) });
    case 11:
      return el('img', { class: 'embed-thumb', src: attachmentUrl(msg, c.media?.url), alt: c.description ?? '' });
    case 12:
      return el('div', { class: 'gallery' }, c.items.map((it) => el('a', { href: attachmentUrl(msg, it.media?.url), target: '_blank' }, el('img', { src: attachmentUrl(msg, it.media?.url), alt: it.description ?? '' }))));
    case 13: {
      const url = attachmentUrl(msg, c.file?.url);
      return el('div', { class: 'attachment-file' }, el('a', { href: url, target: '_blank', text: c.file?.url?.replace('attachment://', '') ?? 'file' }));
    }
    case 14:
      return el('hr', { class: `separator${c.divider === false ? ' invisible' : ''}` });
    case 17: {
      const color = typeof c.accent_color === 'number' ? `#${c.accent_color.toString(16).padStart(6, '0')}` : null;
      return el('div', { class: 'container', style: color ? `border-left-color:${color}` : null }, c.components.map((x) => renderComponent(msg, x)));
    }
    default:
      return el('div', { class: 'ephemeral-note', text: `(component type ${c.type})` });
  }
}

/** Attachments already shown inside embeds or components (by file name for `attachment://`, else by URL). */
function referencedNames(msg) {
  const names = new Set();
  const add = (u) => {
    if (!u) return;
    if (u.startsWith('attachment://')) names.add(u.slice(13));
    else for (const a of msg.attachments) if (a.url === u) names.add(a.filename);
  };
  for (const e of msg.embeds) {
    add(e.image?.url);
    add(e.thumbnail?.url);
  }
  const walk = (list) => {
    for (const c of list ?? []) {
      add(c.media?.url);
      add(c.file?.url);
      for (const it of c.items ?? []) add(it.media?.url);
      walk(c.components);
      if (c.accessory) walk([c.accessory]);
    }
  };
  walk(msg.components);
  return names;
}

/** Like Discord: a message right after one by the same author (within 7 minutes) is shown without avatar and name. */
function continues(prev, msg) {
  if (!prev || prev.type === 18 || msg.type === 18 || msg.interaction_metadata) return false;
  if ((prev.flags & 64) !== (msg.flags & 64)) return false;
  return prev.author.id === msg.author.id && new Date(msg.timestamp) - new Date(prev.timestamp) < 7 * 60 * 1000;
}

function renderMessage(msg, index, list) {
  const grouped = continues(list?.[index - 1], msg);
  if (msg.type === 18) {
    const threadId = msg.message_reference?.channel_id;
    return el(
      'div',
      { class: 'msg system', dataset: { id: msg.id } },
      el('div', { class: 'avatar system-icon', text: '#' }),
      el('div', { class: 'msg-body' }, el('b', { text: msg.author.global_name || msg.author.username }), ' started a thread: ', el('a', { class: 'mention', onclick: () => threadId && selectChannel(threadId), text: msg.content })),
    );
  }
  const ephemeral = (msg.flags & 64) !== 0;
  const loading = (msg.flags & 128) !== 0;
  const author = msg.author;
  const meta = msg.interaction_metadata;
  const used = meta && msg.interaction ? el('div', { class: 'reply-line' }, el('b', { text: userName(meta.user.id) }), ` used /${msg.interaction.name}`) : null;
  const refs = referencedNames(msg);
  const files = msg.attachments.filter((a) => !refs.has(a.filename));
  const node = el(
    'div',
    { class: `msg${ephemeral ? ' ephemeral' : ''}${grouped ? ' grouped' : ''}`, dataset: { id: msg.id } },
    used ? el('div', { style: 'grid-column: 1 / -1; padding-left: 56px' }, used) : null,
    grouped
      ? el('div', { class: 'gutter-time', text: new Date(msg.timestamp).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) })
      : el('div', { class: 'avatar', style: `background:${colorFor(author.id)}`, text: (author.global_name || author.username || '?').slice(0, 1).toUpperCase() }),
    el(
      'div',
      { class: 'msg-body' },
      grouped ? null : el(
        'div',
        {},
        el('span', { class: 'author', text: author.global_name || author.username }),
        author.bot ? el('span', { class: 'badge', text: 'APP' }) : null,
        el('span', { class: 'time', text: new Date(msg.timestamp).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) }),
        msg.edited_timestamp && !loading ? el('span', { class: 'edited', text: '(edited)' }) : null,
      ),
      loading ? el('div', { class: 'thinking', text: `${author.global_name || author.username} is thinking` }) : null,
      msg.content ? el('div', { class: 'content', html: markdown(msg.content.trim()) }) : null,
      msg.embeds.map((e) => renderEmbed(msg, e)),
      files.length
        ? el(
            'div',
            { class: 'attachments' },
            files.map((a) =>
              (a.content_type || '').startsWith('image/')
                ? el('a', { class: 'attachment-image', href: a.url, target: '_blank' }, el('img', { src: a.url, alt: a.description ?? a.filename, width: a.width, height: a.height, style: 'height:auto' }))
                : el('div', { class: 'attachment-file' }, el('a', { href: a.url, target: '_blank', text: `${a.filename} (${a.size} bytes)` })),
            ),
          )
        : null,
      msg.components.length ? el('div', { class: 'components' }, msg.components.map((c) => renderComponent(msg, c))) : null,
      msg.thread ? el('div', { class: 'ephemeral-note' }, el('a', { onclick: () => selectChannel(msg.thread.id), text: `Thread: ${msg.thread.name} →` })) : null,
      ephemeral
        ? el(
            'div',
            { class: 'ephemeral-note' },
            'Only you can see this • ',
            el('a', { onclick: () => { store.dismissed.add(msg.id); renderMessages(); }, text: 'Dismiss message' }),
          )
        : null,
    ),
  );
  return node;
}

function renderMessages() {
  // Re-render only when something visible changed, so an open menu or a half-made multi-selection survives updates.
  const key = JSON.stringify([store.channel, store.as, [...store.dismissed], store.messages, store.state?.users]);
  if (key === renderedKey) return;
  renderedKey = key;
  const box = $('#messages');
  const nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  const visible = store.messages.filter((m) => !store.dismissed.has(m.id));
  box.replaceChildren(...(visible.length ? visible.map(renderMessage) : [el('div', { class: 'empty', text: 'No messages here yet. Run a /campfire command below.' })]));
  for (const m of box.querySelectorAll('.channel-mention')) m.addEventListener('click', () => selectChannel(m.dataset.channel));
  if (nearBottom) box.scrollTop = box.scrollHeight;
  revealPending(box);
}

/** Scrolls the message waiting to be revealed into view, again as pictures above it finish loading. */
function revealPending(box) {
  const id = store.reveal;
  const node = id && box.querySelector(`.msg[data-id="${CSS.escape(id)}"]`);
  if (!node) return;
  store.reveal = null;
  const show = () => node.isConnected && node.scrollIntoView({ block: 'start' });
  show();
  for (const img of box.querySelectorAll('img')) if (!img.complete) img.addEventListener('load', show, { once: true });
}

// ------------------------------------------------------------------ sidebar and user switch

function renderSidebar() {
  const st = store.state;
  $('#guild-name').textContent = st.guild.name;
  document.title = `Campfire Sandbox — ${st.me?.name ?? ''}`;
  const channels = [];
  for (const c of st.channels) {
    channels.push(el('li', { class: c.id === store.channel ? 'active' : '', dataset: { channel: c.id }, onclick: () => selectChannel(c.id) }, el('span', { class: 'hash', text: '#' }), c.name));
    for (const t of c.threads) {
      channels.push(
        el('li', { class: `thread${t.id === store.channel ? ' active' : ''}${t.archived ? ' archived' : ''}`, dataset: { channel: t.id }, onclick: () => selectChannel(t.id), title: t.private ? 'Private thread' : 'Thread' }, t.private ? '└ (private) ' : '└ ', t.name),
      );
    }
  }
  $('#channels').replaceChildren(...channels);
  const dms = [];
  if (st.dm) dms.push(el('li', { class: st.dm.id === store.channel ? 'active' : '', dataset: { channel: st.dm.id }, onclick: () => selectChannel(st.dm.id) }, el('span', { class: 'hash', text: '@' }), st.bot.name));
  else dms.push(el('li', { class: 'open-dm', onclick: openDm, text: `Open DM with ${st.bot.name}` }));
  $('#dms').replaceChildren(...dms);

  // Redrawn whenever a user, a name or a language changed (an open menu is left alone while nothing did).
  const sw = $('#user-switch');
  const entries = st.users.map((u) => ({ value: u.id, text: `${u.name} (${u.locale})` }));
  if ([...sw.options].map((o) => `${o.value}\n${o.textContent}`).join('\n') !== entries.map((e) => `${e.value}\n${e.text}`).join('\n')) {
    sw.replaceChildren(...entries.map((e) => el('option', e)));
  }
  sw.value = store.as;
  $('#locale-switch').value = st.me?.locale ?? 'en-US';
  $('#dms-open').checked = st.me?.dmsOpen ?? true;
}

async function openDm() {
  try {
    const { channel } = await api('/api/dm', { as: store.as });
    await refresh();
    selectChannel(channel);
  } catch (e) {
    toast(e.message);
  }
}

function selectChannel(id) {
  store.channel = id;
  localStorage.setItem('campfire.channel', id);
  renderCommandBox();
  refresh();
}

function currentChannelKind() {
  const st = store.state;
  if (st?.dm && st.dm.id === store.channel) return 'dm';
  return 'guild';
}

// ------------------------------------------------------------------ command box

let commandKey = '';

/** A command's or option's name/description in the current user's Discord language, as Discord shows it. */
function loc(obj, field) {
  const locale = store.state?.me?.locale;
  return obj?.[`${field}_localizations`]?.[locale] ?? obj?.[field] ?? '';
}

function renderCommandBox() {
  const st = store.state;
  if (!st) return;
  const cmds = (currentChannelKind() === 'dm' ? st.commands.dm : st.commands.guild).filter((c) => (c.type ?? 1) === 1);
  const key = `${currentChannelKind()}|${st.me?.locale}|${JSON.stringify(cmds)}`;
  if (key === commandKey) return;
  commandKey = key;
  const nameSel = $('#cmd-name');
  const previous = nameSel.value;
  nameSel.replaceChildren(...cmds.map((c) => el('option', { value: c.name, text: loc(c, 'name') })));
  if (!cmds.length) nameSel.append(el('option', { value: '', text: '(no commands registered yet)' }));
  if (cmds.some((c) => c.name === previous)) nameSel.value = previous;
  renderSubcommands();
}

function currentCommand() {
  const st = store.state;
  const cmds = currentChannelKind() === 'dm' ? st.commands.dm : st.commands.guild;
  return cmds.find((c) => c.name === $('#cmd-name').value) ?? null;
}

function renderSubcommands() {
  const cmd = currentCommand();
  const subSel = $('#cmd-sub');
  const entries = [];
  for (const o of cmd?.options ?? []) {
    if (o.type === 1) entries.push({ value: o.name, label: loc(o, 'name'), desc: loc(o, 'description') });
    if (o.type === 2) for (const s of o.options ?? []) entries.push({ value: `${o.name} ${s.name}`, label: `${loc(o, 'name')} ${loc(s, 'name')}`, desc: loc(s, 'description') });
  }
  const previous = subSel.value;
  subSel.replaceChildren(...entries.map((e) => el('option', { value: e.value, text: e.label, title: e.desc })));
  subSel.hidden = entries.length === 0;
  if (entries.some((e) => e.value === previous)) subSel.value = previous;
  renderOptions();
}

function currentOptionDefs() {
  const cmd = currentCommand();
  if (!cmd) return { defs: [], desc: '' };
  const sub = $('#cmd-sub').hidden ? '' : $('#cmd-sub').value;
  if (!sub) return { defs: cmd.options ?? [], desc: loc(cmd, 'description') };
  const [a, b] = sub.split(' ');
  const top = (cmd.options ?? []).find((o) => o.name === a);
  if (b) {
    const s = (top?.options ?? []).find((o) => o.name === b);
    return { defs: s?.options ?? [], desc: loc(s, 'description') };
  }
  return { defs: top?.options ?? [], desc: loc(top, 'description') };
}

function renderOptions() {
  const { defs, desc } = currentOptionDefs();
  $('#cmd-desc').textContent = desc;
  const box = $('#cmd-options');
  const fields = defs.map((o) => {
    let input;
    if (o.choices?.length) {
      input = el('select', {}, o.required ? null : el('option', { value: '', text: '—' }), o.choices.map((c) => el('option', { value: String(c.value), text: loc(c, 'name') })));
    } else if (o.type === 4 || o.type === 10) {
      input = el('input', { type: 'number', step: o.type === 4 ? 1 : 'any', min: o.min_value, max: o.max_value });
    } else if (o.type === 5) {
      input = el('select', {}, el('option', { value: '', text: '—' }), el('option', { value: 'true', text: 'True' }), el('option', { value: 'false', text: 'False' }));
    } else if (o.type === 6) {
      input = el('select', {}, o.required ? null : el('option', { value: '', text: '—' }), store.state.users.map((u) => el('option', { value: u.id, text: u.name })));
    } else if (o.type === 7) {
      input = el('select', {}, o.required ? null : el('option', { value: '', text: '—' }), store.state.channels.map((c) => el('option', { value: c.id, text: `#${c.name}` })));
    } else {
      input = el('input', { type: 'text', maxlength: o.max_length, placeholder: loc(o, 'description') });
    }
    input.dataset.option = o.name;
    input.dataset.type = o.type;
    input.title = loc(o, 'description');
    return el('label', { class: `opt${o.required ? ' required' : ''}` }, el('span', { text: loc(o, 'name') }), input);
  });
  box.replaceChildren(...fields);
}

async function sendCommand(ev) {
  ev.preventDefault();
  const cmd = currentCommand();
  if (!cmd) return toast('The bot has not registered any command yet.');
  const sub = $('#cmd-sub').hidden ? '' : $('#cmd-sub').value;
  const [a, b] = sub ? sub.split(' ') : [];
  const options = {};
  for (const input of $('#cmd-options').querySelectorAll('[data-option]')) {
    if (input.value === '') continue;
    const t = Number(input.dataset.type);
    options[input.dataset.option] = t === 4 || t === 10 ? Number(input.value) : t === 5 ? input.value === 'true' : input.value;
  }
  const button = $('#cmd-send');
  button.disabled = true;
  try {
    await runInteraction('/api/slash', { channel: store.channel, command: cmd.name, group: b ? a : undefined, subcommand: b ?? a, options });
  } finally {
    button.disabled = false;
  }
}

// ------------------------------------------------------------------ modals

function openModal(modal) {
  store.modal = modal;
  $('#modal-title').textContent = modal.title;
  const fields = [];
  for (const row of modal.components) {
    if (row.type === 10) {
      fields.push(el('div', { class: 'content', html: markdown(row.content) }));
      continue;
    }
    const input = row.type === 1 ? row.components[0] : row.component;
    const label = row.type === 1 ? input.label : row.label;
    let control;
    if (input.type === 4) {
      const attrs = { name: input.custom_id, placeholder: input.placeholder, maxlength: input.max_length, minlength: input.min_length, required: input.required !== false };
      control = input.style === 2 ? el('textarea', { ...attrs, rows: 4 }) : el('input', { ...attrs, type: 'text' });
      control.value = input.value ?? '';
    } else {
      control = el('select', { name: input.custom_id, multiple: (input.max_values ?? 1) > 1 }, (input.options ?? []).map((o) => el('option', { value: o.value, text: o.label })));
    }
    fields.push(el('label', {}, label ?? input.custom_id, control));
  }
  $('#modal-fields').replaceChildren(...fields);
  $('#modal-backdrop').hidden = false;
  $('#modal-fields').querySelector('input,textarea,select')?.focus();
}

function closeModal() {
  $('#modal-backdrop').hidden = true;
  store.modal = null;
}

async function submitModal(ev) {
  ev.preventDefault();
  const modal = store.modal;
  if (!modal) return;
  const fields = {};
  for (const c of $('#modal-fields').querySelectorAll('[name]')) {
    fields[c.name] = c.tagName === 'SELECT' ? [...c.selectedOptions].map((o) => o.value) : c.value;
  }
  closeModal();
  await runInteraction('/api/modal', { customId: modal.custom_id, fields });
}

// ------------------------------------------------------------------ data flow

let refreshing = null;
let again = false;

async function refresh() {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  refreshing = (async () => {
    try {
      const st = await api(`/api/state?as=${encodeURIComponent(store.as ?? '')}`);
      store.state = st;
      if (!store.as || !st.users.some((u) => u.id === store.as)) {
        store.as = st.users[0]?.id ?? null;
        return refresh();
      }
      const known = new Set([...st.channels.flatMap((c) => [c.id, ...c.threads.map((t) => t.id)]), st.dm?.id]);
      if (!store.channel || !known.has(store.channel)) store.channel = st.channels[0]?.id ?? null;
      renderSidebar();
      renderCommandBox();
      if (store.channel) {
        const data = await api(`/api/messages?channel=${store.channel}&as=${encodeURIComponent(store.as)}`);
        store.messages = data.messages;
        const ch = data.channel;
        $('#channel-title').textContent = ch.kind === 'dm' ? `@${ch.name}` : ch.kind === 'thread' ? `${ch.private ? '(private) ' : '# '}${ch.name}` : `# ${ch.name}`;
        $('#channel-sub').textContent = ch.kind === 'thread' ? `thread in #${channelName(ch.parentId)}` : ch.kind === 'dm' ? 'direct messages' : '';
        renderMessages();
      }
    } catch (e) {
      console.error(e);
    } finally {
      refreshing = null;
      if (again) {
        again = false;
        refresh();
      }
    }
  })();
  return refreshing;
}

function setUser(id) {
  store.as = id;
  localStorage.setItem('campfire.as', id);
  store.dismissed.clear();
  const url = new URL(location.href);
  url.searchParams.set('as', id);
  history.replaceState(null, '', url);
  closeModal();
  refresh();
}

$('#user-switch').addEventListener('change', (e) => setUser(e.target.value));
$('#locale-switch').addEventListener('change', (e) => api('/api/locale', { as: store.as, locale: e.target.value }).then(refresh, (err) => toast(err.message)));
$('#dms-open').addEventListener('change', (e) => api('/api/dms', { as: store.as, open: e.target.checked }).then(refresh, (err) => toast(err.message)));
$('#add-user').addEventListener('click', async () => {
  const name = prompt('Name of the new user');
  if (!name) return;
  const locale = confirm('Use German (de) for this user? Cancel for English (en-US).') ? 'de' : 'en-US';
  try {
    const { id } = await api('/api/users', { name, locale });
    setUser(id);
  } catch (e) {
    toast(e.message);
  }
});
$('#cmd-name').addEventListener('change', renderSubcommands);
$('#cmd-sub').addEventListener('change', renderOptions);
$('#composer').addEventListener('submit', sendCommand);
$('#say').addEventListener('keydown', async (e) => {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  if (!e.target.value.trim()) return;
  const content = e.target.value;
  e.target.value = '';
  try {
    await api('/api/say', { as: store.as, channel: store.channel, content });
    refresh();
  } catch (err) {
    toast(err.message);
  }
});
$('#modal').addEventListener('submit', submitModal);
for (const b of document.querySelectorAll('[data-fault]')) {
  b.addEventListener('click', async () => {
    try {
      await api('/api/fault', { kind: b.dataset.fault, channel: store.channel });
      toast(`Fault injected: ${b.textContent}`, 'info');
    } catch (e) {
      toast(e.message);
    }
  });
}
$('#modal-cancel').addEventListener('click', closeModal);

const events = new EventSource('/api/events');
events.addEventListener('change', () => refresh());
setInterval(refresh, 5000);
refresh();
