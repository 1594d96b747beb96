import zlib from 'node:zlib';
import Negotiator from 'negotiator';
import { addVary } from './security-headers.ts';

/**
 * Compressing an answer whose whole body is already in memory (a page, a cached API answer) in
 * one call, on the request's own turn of the event loop. The stream compressor on the way out
 * (server/compression.ts) costs more than the compressing itself for bodies this small:
 * a compressor per answer, and each chunk a trip to the thread pool and back (measured with the
 * bench's home page mix: about 1.5 ms of the server's CPU a page, docs/PERFORMANCE.md). Bigger
 * bodies and streamed answers still go through the stream compressor, which leaves answers that
 * carry a Content-Encoding alone.
 */

/** Below this a compressed body saves less than the header costs (as the stream compressor's threshold). */
const MIN_BYTES = 1024;
/** Above this, compressing in one call would hold the event loop for milliseconds: left to the stream. */
export const MAX_WHOLE_BYTES = 256 * 1024;
/** The encodings offered, best first. */
const ENCODINGS = ['br', 'gzip'];
/**
 * Brotli at quality 0, with a window fitting the bodies above. A page of search results is made
 * once, and compressing it was still a fifteenth of the server's CPU for the home page at
 * quality 1 (docs/PERFORMANCE.md): quality 0 takes about half that for 4% more bytes (13.1
 * against 12.7 kB on a 77 kB page; quality 4, the stream compressor's default, made 11.0 kB in
 * three times quality 1's time). The page cache's hits carry their own copy, compressed harder
 * once (api/page-cache/replay.ts).
 */
const BROTLI: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 0, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
};
const TEXT_TYPE = /^(text\/|application\/(json|javascript|xml|[\w.+-]+\+(json|xml))|image\/svg\+xml)/i;

/**
 * negotiator 0.6 breaks ties between equally acceptable encodings by the server's order when
 * given it as a second argument (as the stream compressor does); its type declarations omit it.
 */
type TServerPreference = { encoding(available: string[], preferred: string[]): string | undefined };

/**
 * The encoding `acceptEncoding` (a request's Accept-Encoding header) prefers among br and gzip,
 * honouring q-values (`br;q=0` refuses brotli); null when it accepts neither.
 */
export function preferredEncoding(acceptEncoding: string | null | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as TServerPreference;
  const picked = negotiator.encoding(ENCODINGS, ENCODINGS);
  return picked === 'br' || picked === 'gzip' ? picked : null;
}

/** Whether an answer with these headers and `size` body bytes is compressed here. */
function worthCompressing(headers: Headers, size: number): boolean {
  if (size < MIN_BYTES || size > MAX_WHOLE_BYTES) return false;
  if (headers.has('content-encoding')) return false;
  if (/\bno-transform\b/i.test(headers.get('cache-control') ?? '')) return false;
  return TEXT_TYPE.test(headers.get('content-type') ?? '');
}

/**
 * `res` (its body `body`, already read) compressed for a client sending `acceptEncoding`, with
 * Content-Encoding and `Vary: Accept-Encoding`; the same answer as a fresh Response otherwise
 * (a body too small or too large, not text, marked no-transform, or no encoding accepted).
 */
export function compressWhole(res: Response, body: Uint8Array<ArrayBuffer>, acceptEncoding: string | null): Response {
  const headers = new Headers(res.headers);
  const text = TEXT_TYPE.test(headers.get('content-type') ?? '');
  // Whichever way it goes out, the answer depends on Accept-Encoding.
  if (text && body.byteLength >= MIN_BYTES) addVary(headers, 'Accept-Encoding');
  const encoding = worthCompressing(headers, body.byteLength) ? preferredEncoding(acceptEncoding) : null;
  const out =
    encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI) : encoding ? zlib.gzipSync(body, { level: 6 }) : body;
  if (encoding) headers.set('Content-Encoding', encoding);
  // The length, known here, goes with the answer: the stream compressor on the way out reads it
  // to leave a small answer alone. Without it, every answer under MIN_BYTES (a search with no
  // result, an error) got a brotli stream of its own at quality 4 there, 13% of the server's
  // CPU under the bench's API mix (docs/PERFORMANCE.md).
  headers.set('Content-Length', String(out.byteLength));
  return new Response(out, { status: res.status, statusText: res.statusText, headers });
}
