// The posting scenario of `npm run bench -- --posting`: sellers post ads with a photo as fast
// as the server answers, while the server's own job workers run each ad's fraud check
// (docs/MODERATION.md, Fraud signals). PostgreSQL only: it prepares the seeded database directly.
import os from 'node:os';
import postgres from 'postgres';
import { SCENE_KINDS } from '../../drizzle/seed/scenes.ts';
import { grainyPhoto } from './grainy-photo.ts';
import { percentile } from './measured-server.ts';

type TStep = {
  connections: number;
  posts: number;
  failed: number;
  p50: number;
  p95: number;
  p99: number;
  checks: number;
  checkP50: number;
  checkP95: number;
  flagged: number;
};

const WORDS = 'oak steel vintage compact spare blue large quiet folding classic sturdy light'.split(' ');
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;

/**
 * Gives the bulk-seeded ads what the check compares with, as if each had been checked when
 * posted: two perceptual hashes per photographed ad (random, so spread like real ones) and
 * a text print of each. Then lifts the free plan's daily limit for the sellers.
 */
async function prepare(sql: postgres.Sql) {
  await sql`TRUNCATE ad_photo_hashes, ad_text_prints, fraud_flags`;
  await sql`
    INSERT INTO ad_photo_hashes (ad_id, user_id, image, hash, band0, band1, band2, band3)
    SELECT id, user_id, image, h, (h >> 48) & 65535, (h >> 32) & 65535, (h >> 16) & 65535, h & 65535
    FROM (SELECT a.id, a.user_id, a.image, (floor(random() * 18446744073709551616) - 9223372036854775808)::numeric::bigint AS h
          FROM ads a CROSS JOIN generate_series(1, 2) WHERE a.image IS NOT NULL) s`;
  await sql`
    INSERT INTO ad_text_prints (ad_id, user_id, body)
    SELECT id, user_id, left(regexp_replace(lower(heading || ' ' || regexp_replace(description, '<[^>]*>', ' ', 'g')), '\\s+', ' ', 'g'), 400)
    FROM ads`;
  await sql`ANALYZE ad_photo_hashes`;
  await sql`ANALYZE ad_text_prints`;
  await sql`UPDATE site_settings SET freenumberads = 1000000, freenumberphoto_ads = 6 WHERE id = 1`;
  const [row] =
    await sql`SELECT (SELECT count(*) FROM ad_photo_hashes)::int AS hashes, (SELECT count(*) FROM ads)::int AS ads`;
  return { hashes: Number(row?.hashes), ads: Number(row?.ads) };
}

async function sellers(site: string, n: number): Promise<string[]> {
  const run = Date.now();
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `bench-seller-${run}-${i}@example.com`;
    const res = await fetch(`${site}/api/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench seller ${i}`, email, password: 'secret123', cpassword: 'secret123' }),
    });
    const body = (await res.json()) as { token?: string; message?: string };
    if (!body.token) throw new Error(`sign-up failed: ${res.status} ${body.message}`);
    tokens.push(body.token);
  }
  return tokens;
}

/** One seller posting in a loop until `until`; each post a photo of its own and its own words. */
async function postLoop(o: {
  site: string;
  token: string;
  photos: Buffer[];
  categories: string[];
  until: number;
  latencies: number[];
  failures: { n: number };
}) {
  while (performance.now() < o.until) {
    const form = new FormData();
    const words = Array.from({ length: 6 }, () => pick(WORDS)).join(' ');
    const fields = {
      heading: `Bench ${words.split(' ').slice(0, 3).join(' ')} ${Math.random().toString(36).slice(2, 7)}`,
      description: `<p>${words}, ${Math.random().toString(36).slice(2)} in good order.</p>`,
      category: pick(o.categories),
      price: String(50 + Math.floor(Math.random() * 900)),
      rating: '4',
      location: 'Oslo',
      features: '[]',
      make_as_featured: 'N',
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('image', new Blob([new Uint8Array(pick(o.photos))], { type: 'image/jpeg' }), 'photo.jpg');
    const t0 = performance.now();
    const res = await fetch(`${o.site}/api/ads/add`, {
      method: 'POST',
      headers: { authorization: `Bearer ${o.token}` },
      body: form,
    });
    await res.arrayBuffer();
    o.latencies.push(performance.now() - t0);
    if (res.status !== 201) o.failures.n += 1;
  }
}

/** Waits until no fraud check waits or runs, then reads the checks of this step. */
async function checksSince(sql: postgres.Sql, since: Date) {
  for (let i = 0; i < 600; i++) {
    const [row] =
      await sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'fraud-check' AND state IN ('created', 'retry', 'active')`;
    if (Number(row?.n) === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const rows = await sql`
    SELECT extract(epoch FROM (completed_on - started_on)) * 1000 AS ms FROM pgboss.job
    WHERE name = 'fraud-check' AND state = 'completed' AND created_on >= ${since}`;
  const ms = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
  const [flags] = await sql`SELECT count(DISTINCT ad_id)::int AS n FROM fraud_flags WHERE created_at >= ${since}`;
  return { ms, flagged: Number(flags?.n) };
}

/**
 * Runs the posting scenario and answers its report for docs/PERFORMANCE.md: for each number
 * of sellers posting at once, the createAd latencies (multipart with one 640×480 JPEG) and
 * the time of the fraud checks they queued, measured by pg-boss from start to completion.
 */
export async function benchPosting(o: {
  site: string;
  databaseUrl: string;
  steps: number[];
  duration: number;
  label: string;
  log: (msg: string) => void;
}): Promise<{ report: string; ok: boolean }> {
  const sql = postgres(o.databaseUrl, { max: 2, onnotice: () => {} });
  const prepared = await prepare(sql);
  o.log(`posting: ${prepared.ads.toLocaleString('en')} ads, ${prepared.hashes.toLocaleString('en')} photo hashes`);
  const photos: Buffer[] = [];
  for (let i = 0; i < 48; i++)
    photos.push(await grainyPhoto({ kind: SCENE_KINDS[i % SCENE_KINDS.length]!, hue: (i * 47) % 360, seed: 1000 + i }));
  const settings = (await (await fetch(`${o.site}/api/get-settings`)).json()) as {
    data: { categories: { slug: string }[] }[];
  };
  const categories = (settings.data[0]?.categories ?? []).map((c) => c.slug);
  const tokens = await sellers(o.site, Math.max(...o.steps));
  // The site settings (the plan's daily limit) are cached for 5 s per process.
  await new Promise((r) => setTimeout(r, 6000));
  const loadBefore = os.loadavg()[0] ?? 0;
  const steps: (TStep & { baseline?: boolean })[] = [];
  const runStep = async (connections: number, baseline = false) => {
    const since = new Date();
    const latencies: number[] = [];
    const failures = { n: 0 };
    const until = performance.now() + o.duration * 1000;
    await Promise.all(
      tokens
        .slice(0, connections)
        .map((token) => postLoop({ site: o.site, token, photos, categories, until, latencies, failures })),
    );
    latencies.sort((a, b) => a - b);
    const checks = await checksSince(sql, since);
    const step = {
      connections,
      posts: latencies.length,
      failed: failures.n,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      checks: checks.ms.length,
      checkP50: percentile(checks.ms, 50),
      checkP95: percentile(checks.ms, 95),
      flagged: checks.flagged,
      baseline,
    };
    steps.push(step);
    o.log(
      `${String(connections).padStart(3)} sellers${baseline ? ' (checks skipped)' : ''}  ${step.posts} posts  p50 ${step.p50.toFixed(0)}  p95 ${step.p95.toFixed(0)}  p99 ${step.p99.toFixed(0)} ms  failed ${step.failed}  checks ${step.checks} (p50 ${step.checkP50.toFixed(0)}, p95 ${step.checkP95.toFixed(0)} ms)`,
    );
  };
  for (const connections of o.steps) await runStep(connections);
  // The same posts with the checks skipped, for comparison: the check does nothing for an
  // admin's ad (one read), so the sellers become admins for one more run at each step.
  await sql`UPDATE users SET role = 'admin' WHERE email LIKE 'bench-seller-%'`;
  for (const connections of o.steps) await runStep(connections, true);
  await sql`UPDATE users SET role = 'customer' WHERE email LIKE 'bench-seller-%'`;
  await sql.end();
  // Issue 33's target is a seller's post under 300 ms p95 with the checks on: the one-seller
  // step. The steps with sellers posting at once show how it degrades on two cores.
  const ok = steps.every(
    (s) => s.failed === 0 && s.posts > 0 && s.checks >= s.posts && (s.baseline || s.connections > 1 || s.p95 < 300),
  );
  const cpus = os.cpus();
  const report = [
    `### Posting with the fraud checks on (${o.label})`,
    '',
    `- ${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}; Node ${process.version}; one server process running its own job workers; ${o.duration} s per step; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `- ${prepared.ads.toLocaleString('en')} ads before the run, ${prepared.hashes.toLocaleString('en')} photo hashes and a text print of every ad to compare with.`,
    '- Each seller posts in a loop: createAd with one 640×480 JPEG (stored as three WebP renditions) and words of its own. Every post queues its fraud check; the server checks while the sellers post. A check: two hashes of the photo, the band look-ups, the trigram look-up, the category median, the phrases and the posting rate.',
    `- load average (1 min) before/after: ${loadBefore.toFixed(1)} / ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${cpus.length} cores`,
    '',
    '| sellers at once | checks | posts | createAd p50 ms | p95 ms | p99 ms | failed | checks run | check p50 ms | check p95 ms | ads flagged |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...steps.map(
      (s) =>
        `| ${s.connections} | ${s.baseline ? 'skipped (admin sellers)' : 'on'} | ${s.posts} | ${s.p50.toFixed(0)} | ${s.p95.toFixed(0)} | ${s.p99.toFixed(0)} | ${s.failed} | ${s.checks} | ${s.checkP50.toFixed(0)} | ${s.checkP95.toFixed(0)} | ${s.flagged} |`,
    ),
    '',
    `- ${ok ? 'Every post was 201, every post was checked, and one seller posting with the checks on stayed under 300 ms p95.' : 'NOT EVERY STEP PASSED (a failed post, an unchecked post, or one seller at 300 ms p95 or more).'}`,
  ].join('\n');
  return { report, ok };
}
