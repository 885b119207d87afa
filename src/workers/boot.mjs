// Entry of a worker thread of the pool: TypeScript sources need tsx's loader in this thread too (loader hooks of
// the parent are not inherited by workers), then the task module is loaded and its default export runs tasks.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const tasks = await import(workerData.entry);
export default tasks.default;
