// Which requests the site server (server/site-server.ts) lets through to Astro when busy: the
// load shedder (server/load-shedder.ts) applied to each request, with the routes it never
// refuses or never counts, and the 503 + Retry-After a refused one gets.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody } from '../api/errors.ts';
import {
  boundFromEnv,
  createLoadShedder,
  DEFAULT_MAX_EVENT_LOOP_DELAY_MS,
  defaultMaxInflight,
} from './load-shedder.ts';
import type { TRecord } from './request-observer.ts';
import type { TSiteApi } from './site-api.ts';

/** The site root's liveness and metrics (src/pages/); the API's routes declare their own. */
const NEVER_SHED_PAGES = ['/healthz', '/metrics'];
/** How long after its answer closed a request still running keeps its place at most. */
const HOLD_AFTER_CLOSE_MS = 30_000;

const BUSY_MESSAGE = 'The server is busy right now. Please try again in a few seconds.';
const BUSY_JSON = JSON.stringify(errorBody(BUSY_MESSAGE));
const BUSY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Server busy</title></head><body><h1>Server busy</h1><p>${BUSY_MESSAGE}</p></body></html>`;

/** Refuses a request before any work is done for it, so a retry is always safe. */
function refuseBusy(req: IncomingMessage, res: ServerResponse, retryAfterSec: number) {
  const api = (req.url ?? '').startsWith('/api/');
  const body = api ? BUSY_JSON : BUSY_PAGE;
  res.statusCode = 503;
  res.setHeader('Retry-After', String(retryAfterSec));
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  // An unread upload would otherwise be read to its end just to keep the connection.
  if (req.headers['content-length'] || req.headers['transfer-encoding']) res.setHeader('Connection', 'close');
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The shedder as the server uses it, bounded by MAX_INFLIGHT and MAX_EVENT_LOOP_DELAY_MS:
 * `admit(req, res, record)` either refuses the request (answered 503, returns null) or returns
 * `hold(work)`, which keeps the request's place until its work settles.
 */
export function createAdmission(api: TSiteApi) {
  const shedder = createLoadShedder({
    maxInflight: boundFromEnv('MAX_INFLIGHT', defaultMaxInflight()),
    maxEventLoopDelayMs: boundFromEnv('MAX_EVENT_LOOP_DELAY_MS', DEFAULT_MAX_EVENT_LOOP_DELAY_MS),
  });
  api.setLoadSource(() => ({ inflight: shedder.inflight, eventLoopDelayMs: shedder.delayMs }));
  const { neverShed, streams } = api.loadSets();
  // Liveness answers even when everything else is refused: a busy process is not a dead one.
  const NEVER_SHED = new Set([...NEVER_SHED_PAGES, ...neverShed]);
  // Endless answers (Server-Sent Events): they hold no place among the requests in flight, whose
  // count bounds work in progress, not open connections; a late event loop still refuses them.
  const STREAMS = new Set(streams);

  /** Gives the request's place back once `work` settles (at the latest 30 s after its answer closed). */
  function holdUntilDone(work: unknown, res: ServerResponse) {
    let freed = false;
    let fallback: NodeJS.Timeout | undefined;
    const free = () => {
      if (freed) return;
      freed = true;
      clearTimeout(fallback);
      shedder.done();
    };
    Promise.resolve(work).then(free, free);
    // A render that never settles must not keep its slot for ever.
    res.once('close', () => {
      if (freed) return;
      fallback = setTimeout(free, HOLD_AFTER_CLOSE_MS);
      fallback.unref();
    });
  }

  const free = () => {};
  return {
    admit(req: IncomingMessage, res: ServerResponse, record: TRecord): ((work: unknown) => void) | null {
      const pathname = record.pathname;
      if (NEVER_SHED.has(pathname)) return free;
      // Uploaded images are file reads, not database work, and a slow phone downloading
      // a gallery would hold its places for seconds: only a late event loop refuses them.
      const counted = !pathname.startsWith('/uploads/') && !STREAMS.has(pathname);
      const retryAfter = shedder.admit(counted);
      if (retryAfter) {
        record.route = api.ROUTE_LABELS.shed;
        api.countShed(shedder.lastRefusal!);
        refuseBusy(req, res, retryAfter);
        return null;
      }
      return counted ? (work) => holdUntilDone(work, res) : free;
    },
    stop: () => shedder.stop(),
  };
}
