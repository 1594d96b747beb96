import { useLocation } from 'react-router';

/**
 * Keeps a list's filter, sort and page (its URL query) across a trip to a row's edit form: the
 * list's Edit links carry the query in the navigation state, and the form returns to the list
 * with it after saving or on "Back to list". (Add goes back to the whole list, where a filter
 * might hide the new row.)
 */
type TListState = { listSearch?: string } | null;

/** Navigation state for a link from the list to a form. */
export function useListState(): { listSearch: string } {
  return { listSearch: useLocation().search };
}

/** `listPath` with the query the list had when the form was opened from it. */
export function useReturnTo(listPath: string): string {
  const search = (useLocation().state as TListState)?.listSearch ?? '';
  return search.startsWith('?') ? `${listPath}${search}` : listPath;
}
