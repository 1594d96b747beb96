import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, connectPostgres, useConnection } from '../../api/db/client.ts';
import { checkReplicasNow, replicaStates, withReadPreference } from '../../api/db/replicas.ts';
import { resetEnv } from '../../api/env.ts';
import { jobQueue } from '../../api/jobs/queue.ts';
import { postgresBin, startReplicaPair, type TReplicaPair } from '../../scripts/pg-replica.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';

/**
 * Public reads on a real streaming replica (DATABASE_REPLICA_URLS): a primary and a hot
 * standby made by scripts/pg-replica.ts (initdb, then pg_basebackup -R). The replica's replay
 * is paused to make it stale on purpose: a read that shows what only the primary has came from
 * the primary, one that does not came from the replica.
 */

const bin = postgresBin();
let pair: TReplicaPair | undefined;
let dataDir = '';
let categoryId = 0;
let userId = 0;

const headings = async (word: string) => {
  const res = await call('GET', `/all-ads?search=${word}&limit=50`);
  expect(res.status).toBe(200);
  return (res.data.ads as { heading: string }[]).map((a) => a.heading).sort();
};

/** Waits until the replica has replayed everything the primary has now. */
async function caughtUp() {
  for (let i = 0; i < 100; i++) {
    await checkReplicasNow();
    await checkReplicasNow();
    if (replicaStates()[0]?.up && replicaStates()[0]?.lagMs === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the replica did not catch up: ${JSON.stringify(replicaStates())}`);
}

/** Pauses the replica's replay, and waits until it has stopped (the request takes a moment). */
async function pauseReplay() {
  pair?.onReplica('SELECT pg_wal_replay_pause()');
  for (let i = 0; i < 100 && pair?.onReplica('SELECT pg_get_wal_replay_pause_state()') !== 'paused'; i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

function useLagBound(ms: number) {
  process.env.REPLICA_MAX_LAG_MS = String(ms);
  resetEnv();
}

beforeAll(async () => {
  if (!bin) return;
  pair = await startReplicaPair();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-replica-'));
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SITE_URL: 'http://localhost:4321',
    DATABASE_REPLICA_URLS: pair.replicaUrl,
    REPLICA_MAX_LAG_MS: '60000',
  });
  resetEnv();
  const conn = useConnection(connectPostgres(pair.primaryUrl, 5));
  await conn.migrate();
  await jobQueue();
  userId = (await makeUser({ name: 'Replica Seller' })).user.id;
  categoryId = (await insertCategory({ name: 'Replicated' })).id;
  await insertAd({ heading: 'Walnut bookcase', categoryId, userId });
  await caughtUp();
}, 180_000);

afterAll(async () => {
  await closeDatabase();
  pair?.stop();
  for (const name of ['DATABASE_REPLICA_URLS', 'REPLICA_MAX_LAG_MS']) delete process.env[name];
  resetEnv();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!bin)('public reads on a streaming replica', () => {
  it('are served by the replica, and by the primary just after the caller wrote', async () => {
    expect(await headings('walnut')).toEqual(['Walnut bookcase']);
    await pauseReplay();
    try {
      await insertAd({ heading: 'Walnut desk', categoryId, userId });
      // The search reads the paused replica: the new ad is not there yet…
      expect(await headings('walnut')).toEqual(['Walnut bookcase']);
      // …and the ad page too; the author, just after writing, reads the primary and finds both.
      expect(await withReadPreference(true, () => headings('walnut'))).toEqual(['Walnut bookcase', 'Walnut desk']);
    } finally {
      pair?.onReplica('SELECT pg_wal_replay_resume()');
    }
    await caughtUp();
    expect(await headings('walnut')).toEqual(['Walnut bookcase', 'Walnut desk']);
  });

  it('skip a replica that lags past the bound, and use it again once it caught up', async () => {
    useLagBound(500);
    await pauseReplay();
    try {
      await insertAd({ heading: 'Teak wardrobe', categoryId, userId });
      // Lagging, but not yet past the bound: the replica still answers (without the new ad).
      await checkReplicasNow();
      expect(await headings('teak')).toEqual([]);
      await new Promise((r) => setTimeout(r, 700));
      await checkReplicasNow();
      expect(replicaStates()[0]?.lagMs).toBeGreaterThan(500);
      expect(await headings('teak')).toEqual(['Teak wardrobe']);
    } finally {
      pair?.onReplica('SELECT pg_wal_replay_resume()');
    }
    await caughtUp();
    // In use again: paused anew, a new ad is missing from its answers at once.
    await pauseReplay();
    try {
      await insertAd({ heading: 'Teak chest', categoryId, userId });
      await checkReplicasNow();
      expect(await headings('teak')).toEqual(['Teak wardrobe']);
    } finally {
      pair?.onReplica('SELECT pg_wal_replay_resume()');
      useLagBound(60_000);
    }
  });

  it('fall back to the primary when the replica is gone', async () => {
    await caughtUp();
    pair?.stopReplica();
    await checkReplicasNow();
    expect(replicaStates()[0]?.up).toBe(false);
    await insertAd({ heading: 'Oak sideboard', categoryId, userId });
    expect(await headings('oak')).toEqual(['Oak sideboard']);
    const page = await call('GET', '/all-ads?limit=5');
    expect(page.status).toBe(200);
  });
});
