/** Endless Winter's texts: English (messages-en.ts) and German (messages-de.ts), our own words; component names come from the data files. */
import type { Catalog } from '../../engine/types.js';
import { DATA, type EwData, type StoneDef } from './data.js';
import { glanceDe, glanceEn } from './glance-messages.js';
import { KEY_PREFIX, legacyKeys } from './keys.js';
import { de } from './messages-de.js';
import { en } from './messages-en.js';

function stoneText(data: EwData, st: StoneDef, lang: 'en' | 'de'): string {
  const sc = st.score;
  const terr = data.terrain.find((t) => t.id === sc.arg)?.name[lang];
  const spec = data.species.find((t) => t.id === sc.arg)?.name[lang];
  const tbl = sc.table ? sc.table.join('/') : '';
  const E: Record<string, string> = {
    settlementsNextTo: `${sc.per} per settlement by ${terr}`, campTypes: `${sc.per} per terrain type with your camp`,
    groundMegaliths: `${sc.per} per ground megalith`, upperMegaliths: `${sc.per} per upper megalith`,
    buildTiles: `build tiles used: ${tbl}`, buried: `buried cards: ${tbl}`, idolSteps: `1 per ${sc.per} idol steps`,
    distinctKills: `${sc.per} per kind of animal killed`, killsOf: `${spec} killed: ${tbl}`,
  };
  const D: Record<string, string> = {
    settlementsNextTo: `${sc.per} je Siedlung an ${terr}`, campTypes: `${sc.per} je Geländetyp mit deinem Lager`,
    groundMegaliths: `${sc.per} je Megalith unten`, upperMegaliths: `${sc.per} je Megalith oben`,
    buildTiles: `genutzte Bauplatzplättchen: ${tbl}`, buried: `begrabene Karten: ${tbl}`, idolSteps: `1 je ${sc.per} Götzenschritte`,
    distinctKills: `${sc.per} je erlegter Tierart`, killsOf: `${spec} erlegt: ${tbl}`,
  };
  return (lang === 'en' ? E : D)[sc.kind]!;
}

// The names of every data version (a stored game may use an older one); the newest text wins.
for (const data of DATA.versions().map((v) => DATA.get(v))) {
  for (const c of data.cards) { en[`card.${c.id}`] = c.name.en; de[`card.${c.id}`] = c.name.de; }
  for (const a of data.species) { en[`animal.${a.id}`] = a.name.en; de[`animal.${a.id}`] = a.name.de; }
  for (const c of data.chiefs) { en[`chief.${c.id}`] = c.name.en; de[`chief.${c.id}`] = c.name.de; }
  for (const t of [...data.terrain, data.glacier]) { en[`terrain.${t.id}`] = t.name.en; de[`terrain.${t.id}`] = t.name.de; }
  for (const st of data.stones) { en[`stone.${st.id}`] = stoneText(data, st, 'en'); de[`stone.${st.id}`] = stoneText(data, st, 'de'); }
}

const prefixed = (c: Catalog): Catalog => Object.fromEntries(Object.entries(c).map(([k, v]) => [`${KEY_PREFIX}${k}`, v]));

const enAll = prefixed({ ...en, ...glanceEn });

/** The catalogue, every key with the game's prefix; `aliases`: the keys stored before the prefix (keys.ts). */
export const ewMessages = { en: enAll, de: prefixed({ ...de, ...glanceDe }), aliases: legacyKeys(enAll) };
