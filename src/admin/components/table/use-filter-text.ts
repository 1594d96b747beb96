import { useEffect, useRef, useState } from 'react';
import type { TServerListState } from '../use-server-list.ts';

/** The search debounce of the public pages, used for the server-side filter too. */
const FILTER_DEBOUNCE_MS = 300;

/**
 * The filter box's text. In server mode it is sent once typing pauses, and follows the
 * server state when that changes from outside (Back, a link) rather than from typing.
 */
export function useFilterText(
  server: (Pick<TServerListState, 'filter'> & { onFilterChange: (text: string) => void }) | undefined,
) {
  const [text, setText] = useState(server?.filter ?? '');
  const sent = useRef(server?.filter ?? '');
  const shown = server?.filter;
  useEffect(() => {
    if (shown !== undefined && shown !== sent.current) {
      sent.current = shown;
      setText(shown);
    }
  }, [shown]);
  const send = server?.onFilterChange;
  useEffect(() => {
    const value = text.trim();
    if (!send || value === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = value;
      send(value);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, send]);
  return [text, setText] as const;
}
