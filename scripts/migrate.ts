// npm run db:migrate: apply drizzle/ migrations to DATABASE_URL (or the embedded database).
import { closeDatabase, connection } from '../api/db/client.ts';

await connection().migrate();
console.log(`Migrations applied (${connection().kind}).`);
await closeDatabase();
