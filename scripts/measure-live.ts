// npm run measure:live: the live channel's bounds, measured on the real server (built into
// dist-live/, started as production runs it) on a fresh PostgreSQL database. Prints the
// figures docs/RELIABILITY.md ("Live channel") records:
//   A. one user opening 300 streams: how many stay open; /api/readyz p50 idle and while 20
//      messages are sent to that user, and how long the 20 sends take;
//   B. 1,000 streams from 200 users (5 each): the delay from sending a message to its arrival
//      on each of the recipient's streams (p50/p95/p99/max), and the server's memory per stream.
//
//   options: --database live_measure (dropped and created afresh)  --port 0  --skip-build
//            --heavy 300 (streams of user A)  --users 200  --rounds 3 (messages per pair in B)
// PostgreSQL: MEASURE_DATABASE_URL, else DATABASE_URL's server, else postgres://postgres@127.0.0.1:5432.
import { type ChildProcess, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createSession } from '../api/auth/session.ts';
import { closeDatabase, connectPostgres, db, useConnection } from '../api/db/client.ts';
import { ads, categories, users } from '../api/db/schema/index.ts';
import { freePort, freshDatabase, percentile, startSite, waitForOk } from './lib/measured-server.ts';
import { openTap, type TTap } from './lib/sse-tap.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'live_measure' },
    port: { type: 'string', default: '0' },
    'skip-build': { type: 'boolean', default: false },
    heavy: { type: 'string', default: '300' },
    users: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
  },
});
const DB_NAME = args.database ?? 'live_measure';
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error(`--database: a plain lower-case name, not "${DB_NAME}"`);
const HEAVY = Number(args.heavy);
const PAIRS = Math.floor(Number(args.users) / 2);
const ROUNDS = Number(args.rounds);
const STREAMS_EACH = 5;
const OUT_DIR = 'dist-live';
const PORT = Number(args.port) || (await freePort());
const SITE = `http://127.0.0.1:${PORT}`;
const children: ChildProcess[] = [];
const log = (msg: string) => console.log(`[measure-live] ${msg}`);
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
});
process.on('SIGINT', () => process.exit(130));

// 1. Build and a fresh database ----------------------------------------------------------------
if (!args['skip-build'] || !fs.existsSync(path.join(OUT_DIR, 'server/entry.mjs'))) {
  log(`building into ${OUT_DIR}/ …`);
  const r = spawnSync(path.join(root, 'node_modules/.bin/astro'), ['build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_OUT_DIR: OUT_DIR },
  });
  if (r.status !== 0) throw new Error('astro build failed');
}
const { url: databaseUrl, version: pgVersion } = await freshDatabase(
  process.env.MEASURE_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  DB_NAME,
);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'measure-live-'));

// 2. The server ---------------------------------------------------------------------------------
log(`starting the site on ${SITE} …`);
const server = startSite(PORT, {
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  ASTRO_OUT_DIR: OUT_DIR,
  // The set-up signs many users in from one address; the bounds measured here are not rate limits.
  RATE_LIMIT_SCALE: '1000',
});
children.push(server);
await waitForOk(`${SITE}/api/readyz`, [server]);

// 3. People, ads and sessions, written straight to the database --------------------------------
useConnection(connectPostgres(databaseUrl, 4));
const [category] = await db().insert(categories).values({ name: 'Measured', slug: 'measured' }).returning();
let made = 0;
async function person(role: string) {
  made += 1;
  const [u] = await db()
    .insert(users)
    .values({
      name: `${role} ${made}`,
      email: `${role}-${made}@example.com`,
      // Never signed in with: sessions are made directly.
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const { token } = await createSession({ userId: u!.id });
  return { id: u!.id, token };
}
async function adOf(userId: number) {
  const [ad] = await db()
    .insert(ads)
    .values({
      heading: `Lamp ${userId}`,
      slug: `lamp-${userId}`,
      categoryId: category!.id,
      userId,
      price: 10,
      rating: 4,
    })
    .returning({ id: ads.id });
  return ad!.id;
}
async function api(method: string, p: string, token: string, json?: unknown) {
  const res = await fetch(`${SITE}/api${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const body = (await res.json()) as { conversation?: { id: number }; message?: string };
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${body.message}`);
  return body;
}
async function converse(seller: { id: number }, buyer: { token: string }) {
  const started = await api('POST', '/conversations', buyer.token, { adId: await adOf(seller.id), text: 'Hello' });
  return started.conversation!.id;
}

/** /api/readyz answered one after another until `until` resolves (or `n` times); sorted ms. */
async function probeReadyz(until: Promise<unknown> | number): Promise<number[]> {
  let done = false;
  if (typeof until !== 'number') void until.finally(() => (done = true));
  const times: number[] = [];
  while (typeof until === 'number' ? times.length < until : !done) {
    const t = performance.now();
    await (await fetch(`${SITE}/api/readyz`)).arrayBuffer();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
const ms = (n: number) => `${n.toFixed(1)} ms`;

// A. One user, 300 streams ----------------------------------------------------------------------
const heavy = await person('heavy');
const heavyBuyer = await person('buyer');
const heavyConversation = await converse(heavy, heavyBuyer);
await probeReadyz(20); // warm-up
const idle = await probeReadyz(200);
log(`A: opening ${HEAVY} streams as one user …`);
const heavyTaps: TTap[] = [];
let refused = 0;
for (let i = 0; i < HEAVY; i++) {
  const tap = await openTap(SITE, heavy.token);
  if (tap.status !== 200) refused += 1;
  else await Promise.race([tap.first('unread'), tap.first('closed')]);
  heavyTaps.push(tap);
}
await new Promise((r) => setTimeout(r, 1000));
const heldOpen = heavyTaps.filter((t) => !t.ended).length;
const toldWhy = heavyTaps.filter((t) => t.events.some((e) => e.event === 'closed')).length;
const sending = (async () => {
  const t = performance.now();
  for (let i = 0; i < 20; i++) {
    await api('POST', `/conversations/${heavyConversation}/messages`, heavyBuyer.token, { text: `burst ${i}` });
  }
  return performance.now() - t;
})();
const busy = await probeReadyz(sending);
const sendMs = await sending;
for (const t of heavyTaps) t.close();

// B. 1,000 streams from 200 users ----------------------------------------------------------------
log(`B: ${PAIRS * 2} users, ${STREAMS_EACH} streams each …`);
const pairs: { seller: Awaited<ReturnType<typeof person>>; buyer: Awaited<ReturnType<typeof person>>; id: number }[] =
  [];
for (let i = 0; i < PAIRS; i++) {
  const seller = await person('seller');
  const buyer = await person('buyer');
  pairs.push({ seller, buyer, id: await converse(seller, buyer) });
}
await new Promise((r) => setTimeout(r, 2000));
const serverPid = server.pid as number;
const rssBefore = rssKb(serverPid);
const tapsOf = new Map<number, TTap[]>();
for (const p of pairs) {
  for (const who of [p.seller, p.buyer]) {
    const list: TTap[] = [];
    for (let i = 0; i < STREAMS_EACH; i++) {
      const tap = await openTap(SITE, who.token);
      await tap.first('unread');
      list.push(tap);
    }
    tapsOf.set(who.id, list);
  }
}
const streamsOpen = [...tapsOf.values()].flat().filter((t) => !t.ended).length;
await new Promise((r) => setTimeout(r, 2000));
const rssAfter = rssKb(serverPid);
const latencies: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  // Ten senders at a time, each message awaited on all five of its recipient's streams.
  for (let at = 0; at < pairs.length; at += 10) {
    await Promise.all(
      pairs.slice(at, at + 10).map(async (p) => {
        const text = `round ${round} pair ${p.id}`;
        const t = performance.now();
        const arrivals = (tapsOf.get(p.seller.id) ?? []).map((tap) => tap.first('message', text));
        await api('POST', `/conversations/${p.id}/messages`, p.buyer.token, { text });
        for (const e of await Promise.all(arrivals)) latencies.push(e.at - t);
      }),
    );
  }
}
latencies.sort((a, b) => a - b);
for (const list of tapsOf.values()) for (const t of list) t.close();

// Report ------------------------------------------------------------------------------------------
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`
Machine: ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB; Node ${process.version}; ${pgVersion}; one server process (npm start), PostgreSQL on the same machine.

A. One user opening ${HEAVY} streams: ${heldOpen} held open, ${toldWhy} closed with a \`closed\` event, ${refused} refused.
   /api/readyz p50 idle ${ms(percentile(idle, 50))} (p95 ${ms(percentile(idle, 95))}, ${idle.length} requests);
   while that user's 20 messages were sent: p50 ${ms(percentile(busy, 50))} (p95 ${ms(percentile(busy, 95))}, max ${ms(busy.at(-1) ?? 0)}, ${busy.length} requests);
   the 20 sends took ${ms(sendMs)} in all.
B. ${streamsOpen} streams open from ${PAIRS * 2} users; ${latencies.length} deliveries (${ROUNDS} messages per pair to ${STREAMS_EACH} streams each):
   send → arrival p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? 0)}.
   Server memory (RSS) ${(rssBefore / 1024).toFixed(1)} MB before the streams, ${(rssAfter / 1024).toFixed(1)} MB with them: ${((rssAfter - rssBefore) / Math.max(1, streamsOpen)).toFixed(1)} KB per stream.
`);
await closeDatabase();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
