export const rules = { en: 'TODO', de: 'TODO' };
