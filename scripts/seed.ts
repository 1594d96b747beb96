// npm run seed: demo content into an empty database.
// npm run seed -- --ads 100000: that many extra ads for benchmarks (seeds the demo first if empty).
// Uses DATABASE_URL (PostgreSQL) when set, else the embedded database in $DATA_DIR.
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { closeDatabase, connection, db } from '../api/db/client.ts';
import { users } from '../api/db/schema/index.ts';
import { verifyDemoAccounts } from '../api/services/users/verify-demo-accounts.ts';
import { seedBulkAds } from '../drizzle/seed/bulk.ts';
import { seedDemo } from '../drizzle/seed/demo.ts';
import { DEMO_ADMIN } from '../drizzle/seed/demo-content.ts';

const USAGE = 'Usage: npm run seed [-- --ads <count>]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let args: { ads?: string; help?: boolean };
try {
  args = parseArgs({ options: { ads: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const adCount = args.ads === undefined ? undefined : Number(args.ads);
if (adCount !== undefined && (!Number.isInteger(adCount) || adCount < 1 || adCount > 10_000_000)) {
  fail(`--ads must be a whole number from 1 to 10000000 (got "${args.ads}").`);
}

try {
  await connection().migrate();
  console.log(`Database: ${connection().kind}`);
  if (adCount !== undefined) {
    let lastShown = 0;
    const result = await seedBulkAds({
      count: adCount,
      onProgress: (done, total) => {
        if (done === total || done - lastShown >= Math.max(10_000, total / 10)) {
          lastShown = done;
          console.log(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} ads`);
        }
      },
    });
    const rate = Math.round(result.inserted / Math.max(result.ms / 1000, 0.001));
    console.log(
      `Inserted ${result.inserted.toLocaleString('en-US')} ads in ${(result.ms / 1000).toFixed(1)} s (${rate.toLocaleString('en-US')}/s).`,
    );
  } else {
    const [{ n }] = (await db().select({ n: count() }).from(users)) as [{ n: number }];
    if (Number(n) > 0) {
      console.log('The database already has users: demo content is only loaded into an empty database.');
    } else {
      const started = performance.now();
      const result = await seedDemo();
      await verifyDemoAccounts();
      console.log(
        `Loaded demo content: ${result.categories} categories, ${result.ads} ads, ${result.images} images in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      );
      console.log(`Demo admin login: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    }
  }
} catch (err) {
  console.error('Seeding failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
