// npm run db:migrate: apply drizzle/ migrations to DATABASE_URL (or the embedded database).
import { closeDatabase, connection } from '../api/db/client.ts';
import { DataDirLockedError } from '../api/lib/data-dir-lock.ts';

try {
  await connection().migrate();
} catch (err) {
  // A running server owns the embedded database: say so plainly, without a stack trace.
  if (!(err instanceof DataDirLockedError)) throw err;
  console.error(err.message);
  process.exit(1);
}
console.log(`Migrations applied (${connection().kind}).`);
await closeDatabase();
