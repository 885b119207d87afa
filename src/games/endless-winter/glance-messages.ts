/** Words of Endless Winter's glance and choice pictures (`glance.ts`, `choice.ts`), English and German; merged into the game's catalogue. */
export const glanceEn: Record<string, string> = {
  'ew.glance.turn': '{p}: {stage} · labour {labour}',
  'ew.glance.phase': '{p}: {phase}',
  'ew.glance.where': 'Round {round} · {phase}',
  'ew.glance.order': 'Order: {order}',
  'ew.glance.counts': 'food {food}/{limit} · tools {tool} · offering {o} · fame {f}',
  'ew.glance.changed': 'changed',
  'ew.glance.free': 'free',
};

export const glanceDe: Record<string, string> = {
  'ew.glance.turn': '{p}: {stage} · Arbeitskraft {labour}',
  'ew.glance.phase': '{p}: {phase}',
  'ew.glance.where': 'Runde {round} · {phase}',
  'ew.glance.order': 'Reihenfolge: {order}',
  'ew.glance.counts': 'Nahrung {food}/{limit} · Werkzeug {tool} · Opfergaben {o} · Ruhm {f}',
  'ew.glance.changed': 'neu',
  'ew.glance.free': 'frei',
};
