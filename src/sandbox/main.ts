/**
 * `npm run sandbox`: Campfire without Discord and without a token. Starts the local Discord stand-in, registers
 * the /campfire command on it, runs the real bot process against it (its own database under .sandbox/), and
 * serves a Discord-like page at http://localhost:3000 (SANDBOX_PORT changes it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import '../games/all.js';
import { startStandIn } from '../standin/index.js';
import { botEnvironment, registerSandboxCommands, startSandboxWeb } from './server.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const port = process.env.SANDBOX_PORT !== undefined && process.env.SANDBOX_PORT !== '' ? Number(process.env.SANDBOX_PORT) : 3000;
const databasePath = process.env.SANDBOX_DATABASE_PATH || path.join(root, '.sandbox', 'campfire.db');
mkdirSync(path.dirname(databasePath), { recursive: true });

// The stand-in keeps its state next to the bot's database, so a restarted sandbox still has the threads the games
// live in; old messages may be edited a few times an hour (Discord allows some; its exact budget is unpublished).
const standIn = await startStandIn({
  statePath: path.join(path.dirname(databasePath), 'standin.json'),
  oldMessageEditsPerHour: 30,
  log: (line) => { if (process.env.SANDBOX_VERBOSE) console.warn(line); },
});
await registerSandboxCommands(standIn);

let bot: ChildProcess | null = null;
let stopping = false;
function startBotProcess(): void {
  bot = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/main.ts')], {
    cwd: root,
    env: { ...process.env, ...botEnvironment(standIn, { databasePath }) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  bot.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`The bot stopped (${signal ?? code}); starting it again in 2 s.`);
    setTimeout(startBotProcess, 2000);
  });
}
startBotProcess();
await standIn.waitFor(() => standIn.gateway.stats.identifies > 0, { timeoutMs: 60_000, what: 'the bot to connect' });
const web = await startSandboxWeb(standIn, { port });
console.log(`Campfire sandbox ready: ${web.url.replace('127.0.0.1', 'localhost')}  (Ctrl+C stops it; database ${path.relative(root, databasePath)})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true;
    bot?.kill('SIGTERM');
    void Promise.all([web.close(), standIn.close()]).finally(() => process.exit(0));
  });
}
