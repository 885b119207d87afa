import { contractRuns } from './contract-runs.js';

contractRuns(4);
