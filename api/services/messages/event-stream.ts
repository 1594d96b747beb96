import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { errorBody } from '../../errors.ts';
import { onShutdown } from './live-hub.ts';
import { latestMessageId, missedMessages } from './live-replay.ts';
import { acceptsStream, registerStream, type TCloseReason, type TLiveEvent } from './live-streams.ts';
import { unreadCount } from './unread-count.ts';

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** How soon a browser should reconnect after the stream ends. */
const RETRY_MS = 3_000;
/** After the server closed a stream on purpose, the browser waits this long before trying again. */
const CLOSED_RETRY_MS = 60_000;
/** Retry-After (seconds) when the process holds as many streams as it takes. */
const BUSY_RETRY_AFTER_S = 30;
/** Message ids a stream remembers having sent, so a replay and a live event never both show. */
const REMEMBERED_IDS = 500;
/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const STREAMS_BUSY = 'Too many live connections right now. The page will try again in a moment.';

/**
 * The caller's live events as Server-Sent Events: `unread` {unread} at once and after every
 * change, `message` {conversationId, message} for each new message in their conversations
 * (theirs too, for their other tabs), `read` {conversationId} when another tab read one,
 * `resync` {} when events may have been missed (the page reloads what it shows), `closed`
 * {reason} before the server ends it on purpose. Every event's `id:` is the newest message id
 * the stream has passed; reopened with it (Last-Event-ID, or `lastEventId`), the stream first
 * sends the messages missed since. Ends when its session ends (any process: the session-ended
 * notice), when the session expires, at shutdown, or as the oldest past STREAMS_PER_USER.
 */
export function messageEventStream(
  c: Context,
  options: { userId: number; sessionId: string; expiresAt: Date; lastEventId?: number },
) {
  const { userId, sessionId } = options;
  if (!acceptsStream()) {
    c.header('Retry-After', String(BUSY_RETRY_AFTER_S));
    return c.json(errorBody(STREAMS_BUSY), 503);
  }
  c.header('Cache-Control', 'private, no-store, no-transform');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let ended = false;
    let closing = false;
    let wake: () => void = () => {};
    const end = () => {
      ended = true;
      wake();
    };
    let start = 0;
    let cursor = 0;
    const sent = new Set<number>();
    // Events heard while the stream is still catching up wait here, then go out after it.
    let held: TLiveEvent[][] | null = [];
    // Events go out one after another, in the order they were written.
    let queue = Promise.resolve();
    const put = (chunk: () => Promise<unknown>) => {
      queue = queue
        .then(() => (ended ? undefined : chunk()))
        .then(
          () => {},
          () => end(),
        );
    };
    const writeNow = (events: TLiveEvent[], replay: boolean) => {
      for (const e of events) {
        if (e.messageId !== undefined) {
          // A replay repeats nothing the page had before the stream began or was already sent.
          if (sent.has(e.messageId) || (replay && e.messageId <= start)) continue;
          sent.add(e.messageId);
          if (sent.size > REMEMBERED_IDS) sent.delete(sent.values().next().value as number);
          cursor = Math.max(cursor, e.messageId);
        }
        const frame = { event: e.event, data: JSON.stringify(e.data), id: String(cursor) };
        put(() => stream.writeSSE(frame));
      }
    };
    const handle = {
      sessionId,
      cursor: () => cursor,
      write: (events: TLiveEvent[], replay = false) => {
        if (closing) return;
        if (held) held.push(events);
        else writeNow(events, replay);
      },
      close: (reason: TCloseReason) => {
        if (closing) return;
        closing = true;
        put(() => stream.write(`retry: ${CLOSED_RETRY_MS}\n\n`));
        put(() => stream.writeSSE({ event: 'closed', data: JSON.stringify({ reason }), id: String(cursor) }));
        queue = queue.finally(end);
      },
    };
    // Registered before anything is read, so nothing that happens meanwhile is lost.
    const unregister = await registerStream(userId, handle);
    const forget = onShutdown(end);
    stream.onAbort(end);
    const expiry = setTimeout(
      () => handle.close('signed-out'),
      Math.min(MAX_TIMER_MS, Math.max(0, options.expiresAt.getTime() - Date.now())),
    );
    try {
      await stream.write(`retry: ${RETRY_MS}\n\n`);
      const latest = await latestMessageId();
      const from = options.lastEventId;
      start = from !== undefined && from < latest ? from : latest;
      cursor = start;
      if (start < latest) {
        const missed = await missedMessages({ userId, after: start });
        writeNow(missed.events, true);
        if (missed.more) writeNow([{ event: 'resync', data: {} }], false);
      }
      const waiting = held ?? [];
      held = null;
      for (const events of waiting) writeNow(events, false);
      writeNow([{ event: 'unread', data: { unread: await unreadCount(userId) } }], false);
      while (!ended) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, HEARTBEAT_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (!ended && !closing) put(() => stream.write(': ping\n\n'));
      }
    } finally {
      clearTimeout(expiry);
      unregister();
      forget();
    }
  });
}
