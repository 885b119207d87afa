/** The engine contract of Mammut at every player count (the table is in ./table.ts). */
import { contractSuite } from './table.js';

contractSuite('Mammut');
