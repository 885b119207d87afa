/** The engine contract of Eiszeit at every player count (the table is in ./table.ts). */
import { contractSuite } from './table.js';

contractSuite('Eiszeit');
