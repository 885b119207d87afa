export const rules = { en: '', de: '' };
