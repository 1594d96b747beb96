import net from 'node:net';
import type postgres from 'postgres';

/**
 * Database faults for the tests in tests/faults/, on the machine's shared PostgreSQL without
 * disturbing anybody else's databases on it.
 */

/** Kills every server process serving `dbName` (what pg_terminate_backend does to a real app). */
export async function terminateBackends(admin: postgres.Sql, dbName: string): Promise<number> {
  const rows = await admin<{ ok: boolean }[]>`
    select pg_terminate_backend(pid) as ok from pg_stat_activity
    where datname = ${dbName} and pid <> pg_backend_pid()`;
  return rows.filter((r) => r.ok).length;
}

/**
 * A TCP relay in front of PostgreSQL that can "restart": `down()` drops every connection and
 * refuses new ones, `up()` accepts again on the same port. That is all a client sees of a
 * restart, and restarting the shared cluster itself would break other people's tests.
 * `url` is the database `dbName` through the relay.
 */
export async function startRelay(databaseUrl: string, dbName: string) {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const onConnection = (client: net.Socket) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  };
  let server = net.createServer(onConnection);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const viaRelay = new URL(databaseUrl);
  viaRelay.host = `127.0.0.1:${port}`;
  viaRelay.pathname = `/${dbName}`;
  const down = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      for (const s of sockets) s.destroy();
    });
  const up = async () => {
    server = net.createServer(onConnection);
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  };
  return {
    url: viaRelay.toString(),
    down,
    up,
    async restart(downMs: number) {
      await down();
      await new Promise((r) => setTimeout(r, downMs));
      await up();
    },
    close() {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}
