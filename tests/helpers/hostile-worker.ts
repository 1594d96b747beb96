import { parentPort } from 'node:worker_threads';
import { inChunks, SHAPES } from './hostile-shapes.ts';
import { send } from './http-send.ts';

/**
 * Sends hostile requests from its own thread, so building megabyte bodies and pushing them
 * into sockets never stalls the event loop of the server under test, whose /healthz latency
 * the test measures. Each message is one request; the answer carries the status and the time
 * from the first byte sent to the response.
 */
export type THostileRequest = {
  id: number;
  origin: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  chunked: boolean;
} & ({ shape: string; size: number } | { type: string; body: Uint8Array });

export type THostileAnswer = { id: number; status: number; ms: number; json: any; bytes: number; error?: string };

parentPort?.on('message', async (m: THostileRequest) => {
  try {
    const built =
      'shape' in m
        ? (SHAPES[m.shape] as (n: number) => { type: string; body: Buffer })(m.size)
        : { type: m.type, body: Buffer.from(m.body.buffer, m.body.byteOffset, m.body.byteLength) };
    const res = await send(m.origin, m.method, m.path, {
      headers: built.type ? { 'content-type': built.type, ...m.headers } : m.headers,
      body: m.chunked ? inChunks(built.body) : built.body,
    });
    const answer: THostileAnswer = {
      id: m.id,
      status: res.status,
      ms: res.ms,
      json: res.json,
      bytes: built.body.length,
    };
    parentPort?.postMessage(answer);
  } catch (err) {
    parentPort?.postMessage({ id: m.id, status: 0, ms: 0, json: null, bytes: 0, error: String(err) });
  }
});
