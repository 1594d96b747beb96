import { and, eq, gt } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { messages, sessions } from '../../db/schema/index.ts';
import { runtimeEnv } from '../../env.ts';
import { messageView } from './conversation-view.ts';
import { onRelisten, subscribe, type TLiveNotice } from './live-hub.ts';
import { missedMessages } from './live-replay.ts';
import { unreadCount } from './unread-count.ts';

/** Open streams one user may hold in a process; a newer one closes the oldest. */
export const STREAMS_PER_USER = 5;

/** One event as a stream writes it: `id` is the stream's position after it (see event-stream.ts). */
export type TLiveEvent = { event: string; data: unknown; messageId?: number };

/** Why the server ended a stream, sent as the last event (`closed` {reason}). */
export type TCloseReason = 'too-many-streams' | 'signed-out';

/** What the registry needs of an open stream (api/services/messages/event-stream.ts). */
export type TStreamHandle = {
  sessionId: string;
  /** Writes events in order, skipping a message it already sent (`replay`: or had before it began). */
  write: (events: TLiveEvent[], replay?: boolean) => void;
  /** Sends `closed` {reason} and ends the stream. */
  close: (reason: TCloseReason) => void;
  /** The highest message id the stream has sent or skipped past. */
  cursor: () => number;
};

type TGroup = { userId: number; streams: TStreamHandle[]; unsubscribe?: () => void; ready: Promise<void> };

const groups = new Map<number, TGroup>();
let total = 0;
let relistenHooked = false;

/** How many streams this process has open. */
export function openStreamCount(): number {
  return total;
}

/** Whether this process takes one more stream (LIVE_STREAMS_MAX; past it the route answers 503). */
export function acceptsStream(): boolean {
  return total < runtimeEnv().liveStreamsMax;
}

/**
 * Adds `stream` to its user's group, closing the user's oldest stream past STREAMS_PER_USER.
 * The group hears the user's notices once and builds each event once for all its streams.
 * Returns the function that removes the stream again.
 */
export async function registerStream(userId: number, stream: TStreamHandle): Promise<() => void> {
  hookRelisten();
  let group = groups.get(userId);
  if (!group) {
    const g: TGroup = { userId, streams: [], ready: Promise.resolve() };
    g.ready = subscribe(userId, (notice) => void onNotice(g, notice)).then((off) => {
      g.unsubscribe = off;
    });
    // A LISTEN that could not start (database down) must not leave a group every later stream waits on.
    g.ready.catch(() => {
      if (groups.get(userId) === g) groups.delete(userId);
    });
    groups.set(userId, g);
    group = g;
  }
  group.streams.push(stream);
  total += 1;
  while (group.streams.length > STREAMS_PER_USER) {
    const oldest = group.streams[0] as TStreamHandle;
    drop(group, oldest);
    oldest.close('too-many-streams');
  }
  const g = group;
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    drop(g, stream);
    if (g.streams.length === 0 && groups.get(g.userId) === g) {
      groups.delete(g.userId);
      void g.ready.then(() => g.unsubscribe?.()).catch(() => {});
    }
  };
  try {
    await g.ready;
  } catch (err) {
    remove();
    throw err;
  }
  return remove;
}

/** Removes `stream` from the group at once (a close must not wait for the stream's own cleanup). */
function drop(group: TGroup, stream: TStreamHandle) {
  const at = group.streams.indexOf(stream);
  if (at >= 0) {
    group.streams.splice(at, 1);
    total -= 1;
  }
}

async function onNotice(group: TGroup, notice: TLiveNotice) {
  try {
    if (notice.kind === 'session-ended') return await closeEndedSessions(group);
    const events: TLiveEvent[] = [];
    if (notice.kind === 'message') {
      const [m] = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.id, notice.messageId), eq(messages.conversationId, notice.conversationId)));
      if (m) {
        const data = { conversationId: notice.conversationId, message: messageView(m, group.userId) };
        events.push({ event: 'message', data, messageId: m.id });
      }
    } else {
      events.push({ event: 'read', data: { conversationId: notice.conversationId } });
    }
    events.push({ event: 'unread', data: { unread: await unreadCount(group.userId) } });
    for (const stream of [...group.streams]) stream.write(events);
  } catch (err) {
    console.error('[live] could not build an event', err);
  }
}

/** Closes the group's streams whose session no longer exists (one read for the whole group). */
async function closeEndedSessions(group: TGroup) {
  if (group.streams.length === 0) return;
  const alive = await db()
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, group.userId), gt(sessions.expiresAt, new Date())));
  const ids = new Set(alive.map((r) => r.id));
  for (const stream of [...group.streams]) {
    if (!ids.has(stream.sessionId)) {
      drop(group, stream);
      stream.close('signed-out');
    }
  }
}

/**
 * After a lost LISTEN connection, notices sent meanwhile are gone: every group checks its
 * sessions (an ended one may have been missed) and each stream catches up from its position,
 * reading the user's messages once from the lowest position among the group's streams.
 */
async function resync(group: TGroup) {
  try {
    await closeEndedSessions(group);
    if (group.streams.length === 0) return;
    const from = Math.min(...group.streams.map((s) => s.cursor()));
    const missed = await missedMessages({ userId: group.userId, after: from });
    const after: TLiveEvent[] = [
      { event: 'resync', data: {} },
      { event: 'unread', data: { unread: await unreadCount(group.userId) } },
    ];
    for (const stream of [...group.streams]) {
      stream.write(missed.events, true);
      stream.write(after);
    }
  } catch (err) {
    console.error('[live] could not resync a stream', err);
  }
}

function hookRelisten() {
  if (relistenHooked) return;
  relistenHooked = true;
  onRelisten(() => {
    for (const group of [...groups.values()]) void resync(group);
  });
}
