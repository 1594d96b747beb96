import { AD_STATE_LABELS, AD_STATES, type TAdState } from '../../../api/constants/ad-states.ts';

/** One colour per state: green on offer, amber held or waiting, slate ended, red removed. */
const TONES: Record<TAdState, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  reserved: 'bg-amber-50 text-amber-900 ring-amber-200',
  sold: 'bg-slate-800 text-white ring-slate-800',
  paused: 'bg-slate-100 text-slate-700 ring-slate-300',
  expired: 'bg-slate-100 text-slate-700 ring-slate-300',
  pending: 'bg-sky-50 text-sky-900 ring-sky-200',
  removed: 'bg-red-50 text-red-800 ring-red-200',
};

/** An ad's state as a small badge (owner and admin lists, wishlist). Unknown text shows as is. */
export default function AdStateBadge({ status }: { status: string }) {
  const known = (AD_STATES as readonly string[]).includes(status) ? (status as TAdState) : null;
  return (
    <span
      data-ad-state={status}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${known ? TONES[known] : TONES.paused}`}
    >
      {known ? AD_STATE_LABELS[known] : status}
    </span>
  );
}
