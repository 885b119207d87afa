/** The engine contract of Endless Winter at every player count (the table is in ./table.ts). */
import { contractSuite } from './table.js';

contractSuite('Endless Winter');
