import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { db } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { messageView } from './conversation-view.ts';
import { onShutdown, subscribe, type TLiveNotice } from './live-hub.ts';
import { unreadCount } from './unread-count.ts';

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** How soon a browser should reconnect after the stream ends. */
const RETRY_MS = 3_000;

/**
 * The caller's live events as Server-Sent Events: `unread` {unread} at once and after every
 * change, `message` {conversationId, message} for each new message in their conversations
 * (theirs too, for their other tabs), `read` {conversationId} when another tab read one.
 * Ends at shutdown, or at the next heartbeat after the session ended; the browser reconnects
 * (retry: 3 s), and a reconnect without a session gets 401.
 */
export function messageEventStream(c: Context, userId: number, stillSignedIn: () => Promise<boolean>) {
  c.header('Cache-Control', 'private, no-store, no-transform');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let ended = false;
    let wake: () => void = () => {};
    const end = () => {
      ended = true;
      wake();
    };
    // Events go out one after another, in the order they happened.
    let queue = Promise.resolve();
    const send = (event: string, data: unknown) => {
      queue = queue.then(() => (ended ? undefined : stream.writeSSE({ event, data: JSON.stringify(data) })));
      return queue;
    };
    const sendUnread = async () => send('unread', { unread: await unreadCount(userId) });
    const onNotice = (notice: TLiveNotice) => {
      void (async () => {
        if (notice.kind === 'message') {
          const [m] = await db()
            .select()
            .from(messages)
            .where(and(eq(messages.id, notice.messageId), eq(messages.conversationId, notice.conversationId)));
          if (m) await send('message', { conversationId: notice.conversationId, message: messageView(m, userId) });
        } else {
          await send('read', { conversationId: notice.conversationId });
        }
        await sendUnread();
      })().catch((err) => console.error('[live] could not send an event', err));
    };
    const unsubscribe = await subscribe(userId, onNotice);
    const forget = onShutdown(end);
    stream.onAbort(end);
    try {
      await stream.write(`retry: ${RETRY_MS}\n\n`);
      await sendUnread();
      while (!ended) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, HEARTBEAT_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        // A session ended meanwhile (sign-out, password change, ban) ends the stream too.
        if (!ended && !(await stillSignedIn())) end();
        if (!ended) await stream.write(': ping\n\n');
      }
    } finally {
      unsubscribe();
      forget();
    }
  });
}
