import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connection } from '../../api/db/client.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { call, makeUser } from '../helpers/client.ts';
import { startRelay } from '../helpers/pg-faults.ts';
import { openStream } from '../helpers/sse-stream.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

/**
 * The listening connection of the process that holds a stream is cut while messages are
 * sent through another process: every acknowledged message still reaches the open stream
 * (live, or caught up once the connection is back), and the stream is told to resync.
 */
describe.skipIf(driver !== 'postgres')('live events through a cut listening connection (PostgreSQL)', () => {
  let child: ChildProcess | undefined;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let origin = '';
  let categoryId = 0;

  beforeAll(async () => {
    const { dataDir } = await setupTestDb();
    categoryId = (await insertCategory({ name: 'Faulty things' }))!.id;
    const url = connection().url as string;
    relay = await startRelay(url, new URL(url).pathname.slice(1));
    child = fork(path.resolve('tests/helpers/live-server.ts'), [], {
      execArgv: ['--experimental-strip-types', '--no-warnings'],
      env: { ...process.env, DATABASE_URL: relay.url, DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    origin = await new Promise<string>((resolve) =>
      child?.on('message', (m: { origin?: string }) => m.origin && resolve(m.origin)),
    );
  });
  afterAll(async () => {
    relay?.close();
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  });

  it('every acknowledged message reaches the stream, and the stream gets `resync` once the connection is back', async () => {
    const seller = await makeUser();
    const buyer = await makeUser();
    const ad = (await insertAd({ heading: 'Green chair', categoryId, userId: seller.user.id, price: 30 }))!;
    const tab = await openStream(origin, seller.token);
    expect(tab.res.status).toBe(200);
    await tab.next('unread');
    const started = await call('POST', '/conversations', { token: buyer.token, json: { adId: ad.id, text: 'live 0' } });
    expect(started.status).toBe(201);
    const id = (started.data as { conversation: { id: number } }).conversation.id;
    await tab.next('message', (d) => d.message.text === 'live 0');

    const acknowledged = ['live 0'];
    const send = async (text: string) => {
      const res = await call('POST', `/conversations/${id}/messages`, { token: buyer.token, json: { text } });
      if (res.status === 201) acknowledged.push(text);
    };
    // The stream's process loses every database connection, its LISTEN among them.
    await relay.down();
    for (let i = 1; i <= 6; i++) await send(`while down ${i}`);
    await relay.up();
    for (let i = 1; i <= 3; i++) await send(`after ${i}`);
    expect(acknowledged).toHaveLength(10);

    try {
      const seen = new Set<string>(['live 0']);
      while (acknowledged.some((t) => !seen.has(t))) {
        seen.add((await tab.next('message')).message.text);
      }
      // Told to resync (before or after the last message arrived).
      if (!tab.events().some((e) => e.event === 'resync')) await tab.next('resync');
      // Each message once, however it arrived.
      const texts = tab
        .events()
        .filter((e) => e.event === 'message')
        .map((e) => JSON.parse(e.data).message.text);
      expect(texts.sort()).toEqual([...acknowledged].sort());
    } finally {
      await tab.close();
    }
  });
});
