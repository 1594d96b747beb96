import { useState } from 'react';
import type { TOwnerAction } from '../../../api/constants/ad-states.ts';
import AdStateBadge from '../../components/ads/AdStateBadge.tsx';
import { apiFetch } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';

/** The button text of each owner move; the API lists which ones a row may use (`actions`). */
const ACTION_LABELS: Record<TOwnerAction, string> = {
  reserve: 'Mark reserved',
  unreserve: 'Mark available',
  sell: 'Mark sold',
  relist: 'Relist',
  pause: 'Pause',
  resume: 'Resume',
  renew: 'Renew',
};

/** The state changeAdStatus is asked for by each move (renew has its own route). */
const TARGET: Record<Exclude<TOwnerAction, 'renew'>, 'active' | 'reserved' | 'sold' | 'paused'> = {
  reserve: 'reserved',
  unreserve: 'active',
  sell: 'sold',
  relist: 'active',
  pause: 'paused',
  resume: 'active',
};

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

type TAd = { id: number; heading: string; status: string; expires_at: string; actions: TOwnerAction[] };

/**
 * The Advertisements list's state cell: the badge, when the ad expires, and the owner's
 * moves allowed now (from the API, which holds the one state table). After a move the
 * list reloads, so the row shows its new state and buttons.
 */
export default function AdStateActions({ ad, onChanged }: { ad: TAd; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const onOffer = ad.status === 'active' || ad.status === 'reserved' || ad.status === 'paused';

  async function run(action: TOwnerAction) {
    setBusy(true);
    const res =
      action === 'renew'
        ? await apiFetch(`/api/ads/${ad.id}/renew`, { method: 'POST' })
        : await apiFetch(`/api/ads/${ad.id}/status`, { method: 'PATCH', json: { status: TARGET[action] } });
    setBusy(false);
    if (!res.success) return notify.error(res.message);
    notify.success(res.message);
    onChanged();
  }

  return (
    <div className="flex w-36 flex-col items-start gap-1.5">
      <AdStateBadge status={ad.status} />
      {onOffer && <span className="text-xs text-slate-500">Expires {day.format(new Date(ad.expires_at))}</span>}
      {ad.actions.length > 0 && (
        // One button a line: a table cell is narrow, and the names must not be cut.
        <div className="flex flex-col items-start gap-1">
          {ad.actions.map((action) => (
            <button
              key={action}
              type="button"
              disabled={busy}
              onClick={() => void run(action)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
              aria-label={`${ACTION_LABELS[action]}: ${ad.heading}`}
            >
              {ACTION_LABELS[action]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
