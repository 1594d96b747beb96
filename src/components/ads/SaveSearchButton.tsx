import { useEffect, useRef, useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import { signInHref } from '../../lib/next-path.ts';
import { notify } from '../../lib/toast.ts';
import { buttonClass } from '../ui/classes.ts';
import type { TBrowseFilters } from './format.ts';

/** Set on the way back from signing in: save the search the visitor asked to save. */
const RESUME_PARAM = 'save-search';

type Props = { filters: TBrowseFilters };

/**
 * "Save this search" on the ad list: saves the current filters with instant alerts. A visitor
 * who is not signed in (the API answers 401) goes to sign in and comes back to the same list
 * with ?save-search=1, which saves it then. Whether anyone is signed in is not rendered into
 * the page (the anonymous home page is cached), so the answer decides.
 */
export default function SaveSearchButton({ filters }: Props) {
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const resumed = useRef(false);

  async function save(current: TBrowseFilters) {
    setState('saving');
    // apiFetch signals a 401 with this event: the visitor is not signed in.
    let signedOut = false;
    const onSignedOut = () => {
      signedOut = true;
    };
    window.addEventListener('session-expired', onSignedOut);
    const res = await apiFetch('/api/saved-searches', {
      method: 'POST',
      json: {
        search: current.search,
        category: current.category,
        sort: current.sort,
        minPrice: current.minPrice || undefined,
        maxPrice: current.maxPrice || undefined,
        near: current.near || undefined,
        radiusKm: current.near && current.radius ? current.radius : undefined,
        frequency: 'instant',
      },
    });
    window.removeEventListener('session-expired', onSignedOut);
    if (res.success) {
      setState('saved');
      notify.success(res.message);
      return;
    }
    setState('idle');
    if (signedOut) {
      const url = new URL(window.location.href);
      url.searchParams.set(RESUME_PARAM, '1');
      window.location.assign(signInHref(url.pathname + url.search));
      return;
    }
    notify.error(res.message);
  }

  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    const url = new URL(window.location.href);
    if (url.searchParams.get(RESUME_PARAM) !== '1') return;
    url.searchParams.delete(RESUME_PARAM);
    window.history.replaceState(null, '', url.pathname + url.search);
    void save(filters);
    // Only once, on arrival, with the filters the page opened with.
  }, []);

  // A changed filter is a different search: it can be saved again.
  const key = JSON.stringify({ ...filters, page: 1 });
  const savedKey = useRef('');
  useEffect(() => {
    if (state === 'saved' && savedKey.current && savedKey.current !== key) setState('idle');
    if (state === 'saved') savedKey.current = key;
  }, [key, state]);

  if (state === 'saved') {
    return (
      <a href="/admin/saved-searches" className={buttonClass('secondary')} data-testid="saved-search-link">
        Saved ✓ Manage alerts
      </a>
    );
  }
  return (
    <button
      type="button"
      className={buttonClass('secondary')}
      disabled={state === 'saving'}
      onClick={() => void save(filters)}
    >
      {state === 'saving' ? 'Saving…' : 'Save this search'}
    </button>
  );
}
