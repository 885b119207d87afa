/** Words of Endless Winter's glance and choice pictures (`glance.ts`, `choice.ts`), English and German; merged into the game's catalogue. */
export const glanceEn: Record<string, string> = {
  'glance.turn': '{p}: {stage} · labour {labour}',
  'glance.phase': '{p}: {phase}',
  'glance.where': 'Round {round} · {phase}',
  'glance.order': 'Order: {order}',
  'glance.counts': 'food {food}/{limit} · tools {tool} · offering {o} · fame {f}',
  'glance.changed': 'changed',
  'glance.free': 'free',
};

export const glanceDe: Record<string, string> = {
  'glance.turn': '{p}: {stage} · Arbeitskraft {labour}',
  'glance.phase': '{p}: {phase}',
  'glance.where': 'Runde {round} · {phase}',
  'glance.order': 'Reihenfolge: {order}',
  'glance.counts': 'Nahrung {food}/{limit} · Werkzeug {tool} · Opfergaben {o} · Ruhm {f}',
  'glance.changed': 'neu',
  'glance.free': 'frei',
};
