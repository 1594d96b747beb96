import { useEffect, useState } from 'react';
import { apiFetch } from '../../lib/api.ts';

/** Fired by the inbox screens when they change what is unread (open, delete). */
export const INBOX_CHANGED = 'inbox-changed';
const EVERY_MS = 60_000;

/**
 * The sidebar's unread inbox count, for admins: read on mount, when an inbox screen says it
 * changed, and every minute (new messages arrive from visitors, not from this tab).
 */
export function useInboxUnread(enabled: boolean): number {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const load = () =>
      void apiFetch('/api/admin/inbox?limit=1').then((res) => {
        if (live && res.success) setUnread(res.unread);
      });
    load();
    const timer = window.setInterval(load, EVERY_MS);
    window.addEventListener(INBOX_CHANGED, load);
    return () => {
      live = false;
      window.clearInterval(timer);
      window.removeEventListener(INBOX_CHANGED, load);
    };
  }, [enabled]);
  return unread;
}
