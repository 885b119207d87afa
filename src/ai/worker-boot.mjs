// Entry of the computer-player worker thread: TypeScript sources need tsx's loader in this thread too
// (loader hooks of the parent are not inherited by workers), then the real worker module is loaded.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
