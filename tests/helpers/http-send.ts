import http from 'node:http';

export type TSent = { status: number; ms: number; json: any; bytesSent: number };

/**
 * Sends one request over a fresh connection and resolves at the answer, however much of the
 * body has gone out by then (the rest is abandoned). `body` as a Buffer goes with a
 * Content-Length; as a function it is streamed in the chunks it yields, chunked, with none.
 */
export function send(
  origin: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: Buffer | (() => Iterable<Buffer>) } = {},
): Promise<TSent> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers: Record<string, string> = { ...options.headers };
    const body = options.body;
    if (Buffer.isBuffer(body)) headers['content-length'] = String(body.length);
    // Node sends DELETE bodies unframed unless told: say chunked, as a browser would.
    else if (body) headers['transfer-encoding'] = 'chunked';
    let bytesSent = 0;
    let answered = false;
    // A keep-alive connection, as browsers use: a server that answers early and leaves the
    // rest of the body unread keeps it open rather than resetting it under the answer. It is
    // closed here once the answer is in.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const req = http.request(`${origin}${path}`, { method, headers, agent }, (res) => {
      answered = true;
      const ms = performance.now() - started;
      const parts: Buffer[] = [];
      // An event stream never ends: its first event is the answer.
      const endless = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
      res.on('data', (d: Buffer) => {
        parts.push(d);
        if (endless) res.emit('end');
      });
      res.once('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        let json: any;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = text;
        }
        req.destroy();
        agent.destroy();
        resolve({ status: res.statusCode ?? 0, ms, json, bytesSent });
      });
    });
    req.on('error', (err) => {
      if (answered) return;
      agent.destroy();
      reject(err);
    });
    if (body === undefined) {
      req.end();
    } else if (Buffer.isBuffer(body)) {
      bytesSent = body.length;
      req.end(body);
    } else {
      const chunks = body()[Symbol.iterator]();
      const pump = () => {
        for (;;) {
          if (answered || req.destroyed) return;
          const next = chunks.next();
          if (next.done) return void req.end();
          bytesSent += next.value.length;
          if (!req.write(next.value)) return void req.once('drain', pump);
        }
      };
      pump();
    }
  });
}
