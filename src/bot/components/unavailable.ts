/** `X` — a greyed-out choice is drawn disabled; a client that sends its click anyway hears why nothing happens. */
import type { Component } from '../component.js';
import { UserError } from '../context.js';

export const component: Component = {
  kinds: ['X'], game: false,
  handle: async () => { throw new UserError({ key: 'error.unavailable_choice' }); },
};
