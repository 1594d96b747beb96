// The conversations scenario of `npm run bench -- --messages`: many buyers each start a
// conversation about a random ad and keep writing in it, as fast as the server answers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import { percentile } from './measured-server.ts';

export type TMessagesBench = {
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  started: number;
  sent: number;
};

/**
 * The token of the verification link mailed to `email`, read from the site's outbox (mail is
 * written there when SMTP_URL is unset), waiting for the mail job to send it.
 */
async function verificationToken(outbox: string, email: string): Promise<string> {
  for (let tries = 0; tries < 300; tries++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    for (const f of files) {
      const text = fs
        .readFileSync(path.join(outbox, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!text.includes(`To: ${email}`)) continue;
      const token = text.match(/verify-email\?token=([a-z2-7]+)/)?.[1];
      if (token) return token;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification mail for ${email} in ${outbox}`);
}

/**
 * Signs up one buyer per connection (the site must run with a high RATE_LIMIT_SCALE) and
 * verifies each through the mailed link, as messaging needs a verified address.
 */
async function buyers(site: string, n: number, outbox: string): Promise<string[]> {
  const tokens: string[] = [];
  const run = Date.now();
  for (let i = 0; i < n; i++) {
    const email = `bench-buyer-${run}-${i}@example.com`;
    const res = await fetch(`${site}/api/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench buyer ${i}`, email, password: 'secret123', cpassword: 'secret123' }),
    });
    const body = (await res.json()) as { token?: string; message?: string };
    if (!body.token) throw new Error(`sign-up failed: ${res.status} ${body.message}`);
    const verified = await fetch(`${site}/api/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: await verificationToken(outbox, email) }),
    });
    if (!verified.ok) throw new Error(`verification failed: ${verified.status}`);
    tokens.push(body.token);
  }
  return tokens;
}

/**
 * Each connection is one buyer: it starts a conversation about a random ad on offer
 * (startConversation), then sends nine messages in it (sendMessage), and starts over. Every request is a write with a queued mail check; the run counts errors and
 * answers other than 201.
 */
export async function benchMessages(
  site: string,
  connections: number,
  duration: number,
  /** The site's mail outbox ($DATA_DIR/outbox). */
  outbox: string,
): Promise<TMessagesBench> {
  const list = (await (await fetch(`${site}/api/all-ads?limit=100`)).json()) as { ads: { id: number }[] };
  const adIds = list.ads.map((a) => a.id);
  if (!adIds.length) throw new Error('no ads on offer to message about');
  const tokens = await buyers(site, connections, outbox);
  const latencies: number[] = [];
  let started = 0;
  let sent = 0;
  let next = 0;
  const instance = autocannon({
    url: site,
    connections,
    duration,
    pipelining: 1,
    timeout: 10,
    setupClient(client: { setHeaders: (h: Record<string, string>) => void }) {
      const token = tokens[next++ % tokens.length] as string;
      client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${token}` });
    },
    // autocannon keeps `context` through one pass over `requests` and clears it when it starts
    // over: one conversation started, then nine messages in it, again and again.
    requests: [
      {
        method: 'POST',
        path: '/api/conversations',
        setupRequest(req: Record<string, unknown>) {
          const adId = adIds[Math.floor(Math.random() * adIds.length)];
          return { ...req, body: JSON.stringify({ adId, text: 'Hi, is this still available?' }) };
        },
        onResponse(status: number, body: string, context: { conversation?: number }) {
          if (status !== 201) return;
          context.conversation = (JSON.parse(body) as { conversation: { id: number } }).conversation.id;
          started += 1;
        },
      },
      ...Array.from({ length: 9 }, (_, i) => ({
        method: 'POST',
        setupRequest(req: Record<string, unknown>, context: { conversation?: number }) {
          // Should the start have failed, start again rather than write nowhere.
          if (!context.conversation) {
            const adId = adIds[Math.floor(Math.random() * adIds.length)];
            return { ...req, path: '/api/conversations', body: JSON.stringify({ adId, text: 'Hi again' }) };
          }
          return {
            ...req,
            path: `/api/conversations/${context.conversation}/messages`,
            body: JSON.stringify({ text: `Message ${i + 2}: is it still available, and can you deliver?` }),
          };
        },
        onResponse(status: number) {
          if (status === 201) sent += 1;
        },
      })),
    ],
  });
  instance.on('response', (_c: unknown, _s: number, _b: number, ms: number) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    connections,
    requests: latencies.length,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    started,
    sent,
  };
}

/** The conversations scenario at each number of connections, and its report for docs/PERFORMANCE.md. */
export async function messagesScenario(o: {
  site: string;
  steps: number[];
  duration: number;
  outbox: string;
  label: string;
  log: (msg: string) => void;
}): Promise<{ report: string; ok: boolean }> {
  const loadBefore = os.loadavg()[0] ?? 0;
  const results = [];
  for (const connections of o.steps) {
    const r = await benchMessages(o.site, connections, o.duration, o.outbox);
    results.push(r);
    o.log(
      `${String(connections).padStart(3)} conns  messages ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)}  p95 ${r.p95.toFixed(1)}  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}  non-2xx ${r.non2xx}`,
    );
  }
  const ok = results.every((r) => r.errors === 0 && r.non2xx === 0 && r.requests > 0);
  const cpus = os.cpus();
  const report = [
    `### Conversations: start-conversation + send-message (${o.label})`,
    '',
    `- ${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}; Node ${process.version}; one server process; autocannon on the same machine; ${o.duration} s per step; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `- Each connection is its own signed-up buyer: it starts a conversation about a random ad, sends nine messages in it, and starts over. Every request is a write: the message, the conversation's activity, the mail check (and the mail queued on the job queue), the live notice.`,
    `- load average (1 min) before/after: ${loadBefore.toFixed(1)} / ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${cpus.length} cores`,
    '',
    '| connections | requests | req/s | p50 ms | p95 ms | p99 ms | errors | non-201 | conversations started | messages sent |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.connections} | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.non2xx} | ${r.started} | ${r.sent} |`,
    ),
    '',
    `- ${ok ? 'Every step had zero errors and every answer was 201.' : 'SOME STEPS HAD ERRORS OR OTHER ANSWERS.'}`,
  ].join('\n');
  return { report, ok };
}
