/** Words of the Tal's glance and choice pictures (`glance.ts`, `choice.ts`), English and German; merged into the game's catalogue. */
export const glanceEn: Record<string, string> = {
  'tal.glance.doing': '{who}: {stage}',
  'tal.glance.where': '{season} {k}/{len} · round {n}',
  'tal.glance.food': 'food',
  'tal.glance.camps': 'camps',
  'tal.glance.people': 'people',
  'tal.glance.event': 'Event: {name}',
  'tal.glance.peopleKey': '3·1: 3 warriors, 1 woman',
  'tal.glance.changed': 'changed',
  'tal.glance.out': 'out',
};

export const glanceDe: Record<string, string> = {
  'tal.glance.doing': '{who}: {stage}',
  'tal.glance.where': '{season} {k}/{len} · Runde {n}',
  'tal.glance.food': 'Nahrung',
  'tal.glance.camps': 'Lager',
  'tal.glance.people': 'Leute',
  'tal.glance.event': 'Ereignis: {name}',
  'tal.glance.peopleKey': '3·1: 3 Krieger, 1 Frau',
  'tal.glance.changed': 'neu',
  'tal.glance.out': 'raus',
};
