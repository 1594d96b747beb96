import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../api/app.ts';
import type { TApiBindings } from '../../api/lib/client-ip.ts';

export type TServedApp = {
  /** http://127.0.0.1:port */
  origin: string;
  /** Request body bytes the app has pulled from the socket since the last reset. */
  bytesRead: () => number;
  resetBytesRead: () => void;
  close: () => Promise<void>;
};

/**
 * The real app on a real loopback port, handed requests the way Astro's Node adapter hands
 * them (the body an async iterable over the socket, read only as the app pulls it), so a
 * test can see what a client sees: early answers, bytes left unread, a blocked event loop.
 */
export async function serveApp(): Promise<TServedApp> {
  const app = createApp();
  let bytes = 0;
  async function* counted(req: http.IncomingMessage) {
    for await (const chunk of req) {
      bytes += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  }
  const server = http.createServer(async (req, res) => {
    try {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (Array.isArray(v)) for (const item of v) headers.append(k, item);
        else if (v !== undefined) headers.set(k, v);
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
        method: req.method,
        headers,
        body: hasBody ? (counted(req) as unknown as BodyInit) : undefined,
        duplex: 'half',
      } as RequestInit);
      const bindings: TApiBindings = { clientAddress: req.socket.remoteAddress ?? '127.0.0.1' };
      const response = await app.fetch(request, bindings);
      const out: [string, string][] = [];
      response.headers.forEach((v, k) => {
        if (k !== 'set-cookie') out.push([k, v]);
      });
      for (const cookie of response.headers.getSetCookie()) out.push(['set-cookie', cookie]);
      res.writeHead(response.status, out);
      if (response.body) {
        // Like Astro's adapter, a client that goes away cancels the body (an endless event
        // stream learns of it there and lets go of its subscription).
        const reader = response.body.getReader();
        res.once('close', () => void reader.cancel().catch(() => {}));
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          res.write(value);
        }
      }
      res.end();
    } catch (err) {
      console.error('[serve-app]', err);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    bytesRead: () => bytes,
    resetBytesRead: () => {
      bytes = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
