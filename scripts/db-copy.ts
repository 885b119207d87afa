/**
 * `npm run db:copy -- --from ./data/campfire.db --to postgres://user@host/campfire`: copies every game, decision,
 * setting, timer, rating and waiting job from the SQLite file into an empty PostgreSQL database and verifies the
 * copy (row counts, and every game's state against a replay of its decisions). Stop the bot first: the copy is of
 * the file as it is now. The SQLite file is brought to this version's schema first (as `npm start` would).
 */
import { parseArgs } from 'node:util';
import '../src/games/all.js';
import { copyDatabase, CopyError } from '../src/store/copy.js';
import { openDatabase, StoreError } from '../src/store/db.js';
import { isPostgresUrl, openStore } from '../src/store/open.js';
import { redact } from '../src/store/pgdb.js';

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
if (!values.from || !isPostgresUrl(values.to)) {
  console.error('Usage: npm run db:copy -- --from ./data/campfire.db --to postgres://user@host:5432/campfire');
  process.exit(2);
}
try {
  const source = openDatabase(values.from);
  const target = await openStore({ url: values.to });
  try {
    console.log(`Copying ${values.from} → ${redact(values.to)} …`);
    const report = await copyDatabase(source, target, { log: (line) => console.log(`  ${line}`) });
    const g = report.games;
    console.log(`Verified: every table has as many rows as the source; ${g.replayed} games equal the replay of their decisions, ${g.compacted} compacted games replay from their archive (${g.checked} checked).`);
    if (report.problems.length) {
      console.error(`The copy differs from the source:\n${report.problems.map((p) => `  - ${p}`).join('\n')}`);
      process.exitCode = 1;
    } else {
      console.log(`Done. Start Campfire with DATABASE_URL=${redact(values.to)} to use it.`);
    }
  } finally {
    source.close();
    await target.close();
  }
} catch (err) {
  if (err instanceof CopyError || err instanceof StoreError) {
    console.error(`Cannot copy: ${err.message}.`);
    process.exit(1);
  }
  throw err;
}
