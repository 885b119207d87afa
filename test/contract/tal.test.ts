/** The engine contract of Das Tal der Mammuts at every player count (the table is in ./table.ts). */
import { contractSuite } from './table.js';

contractSuite('Das Tal der Mammuts');
