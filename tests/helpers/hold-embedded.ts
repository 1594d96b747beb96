// A process that owns an embedded data directory as the site does (openDatabase: the lock and
// the backup's signal), until it is stopped: tests/faults/backup-restore.test.ts.
import { sql } from 'drizzle-orm';
import { closeDatabase, db } from '../../api/db/client.ts';

await db().execute(sql`SELECT 1`);
console.log('holding');
process.on('SIGTERM', () => {
  void closeDatabase().then(() => process.exit(0));
});
setInterval(() => {}, 60_000);
