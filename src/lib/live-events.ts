import { useEffect, useState } from 'react';
import { apiFetch, type TApiData } from './api.ts';

/**
 * The signed-in visitor's live events, one stream per tab (GET /api/conversations/events,
 * Server-Sent Events). Screens subscribe; the first subscriber opens the stream, the last
 * one to leave closes it. When the stream drops, the browser reconnects by itself (the server
 * says retry: 3 s); after several failures in a row this falls back to polling the unread
 * count every 10 s (and tells subscribers, so an open thread polls too) and tries the stream
 * again every 30 s.
 */
export type TLiveMessage = { conversationId: number; message: TApiData<'/api/conversations/{id}'>['messages'][number] };
type TListener = {
  message?: (event: TLiveMessage) => void;
  read?: (event: { conversationId: number }) => void;
  unread?: (unread: number) => void;
  /** true while the stream is down and pages should poll instead. */
  polling?: (polling: boolean) => void;
};

const EVENTS_URL = '/api/conversations/events';
const FAILURES_BEFORE_POLLING = 3;
const POLL_MS = 10_000;
const RETRY_STREAM_MS = 30_000;

const listeners = new Set<TListener>();
let source: EventSource | null = null;
let failures = 0;
let polling = false;
let pollTimer: ReturnType<typeof setInterval> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let lastUnread: number | null = null;

function emit<K extends keyof TListener>(kind: K, value: Parameters<NonNullable<TListener[K]>>[0]) {
  for (const l of listeners) (l[kind] as ((v: typeof value) => void) | undefined)?.(value);
}

function setUnread(n: number) {
  lastUnread = n;
  emit('unread', n);
}

function setPolling(on: boolean) {
  if (polling === on) return;
  polling = on;
  emit('polling', on);
  clearInterval(pollTimer);
  if (on) {
    const poll = () =>
      void apiFetch('/api/conversations/unread-count').then((res) => {
        if (res.success) setUnread(res.unread);
      });
    poll();
    pollTimer = setInterval(poll, POLL_MS);
  }
}

function open() {
  if (source || typeof EventSource === 'undefined') return;
  const es = new EventSource(EVENTS_URL);
  source = es;
  es.addEventListener('open', () => {
    failures = 0;
    setPolling(false);
  });
  es.addEventListener('unread', (e) => setUnread((JSON.parse((e as MessageEvent).data) as { unread: number }).unread));
  es.addEventListener('message', (e) => emit('message', JSON.parse((e as MessageEvent).data) as TLiveMessage));
  es.addEventListener('read', (e) => emit('read', JSON.parse((e as MessageEvent).data) as { conversationId: number }));
  es.addEventListener('error', () => {
    failures += 1;
    // Signed out (401) or failing again and again: stop the browser's own retries and poll.
    if (es.readyState === EventSource.CLOSED || failures >= FAILURES_BEFORE_POLLING) {
      es.close();
      if (source === es) source = null;
      setPolling(true);
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        failures = 0;
        if (listeners.size) open();
      }, RETRY_STREAM_MS);
    }
  });
}

function close() {
  source?.close();
  source = null;
  clearTimeout(retryTimer);
  setPolling(false);
}

/** Subscribes to the live events; returns the unsubscribe function. */
export function onLiveEvents(listener: TListener): () => void {
  listeners.add(listener);
  if (lastUnread !== null) listener.unread?.(lastUnread);
  if (polling) listener.polling?.(true);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) close();
  };
}

/**
 * The live unread-message count (null until the first answer). It starts null as the server
 * rendered it, even when another island already knows the count: onLiveEvents hands the known
 * count over right after hydration (starting from it made React's hydration error #418 on
 * admin pages, where the admin app opens the stream before the header hydrates).
 */
export function useUnreadCount(enabled = true): number | null {
  const [unread, setCount] = useState<number | null>(null);
  useEffect(() => (enabled ? onLiveEvents({ unread: setCount }) : undefined), [enabled]);
  return unread;
}
