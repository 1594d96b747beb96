import { CircleCheck } from 'lucide-react';
import { apiFetch } from '../../lib/api.ts';
import { buttonClass } from '../ui/classes.ts';
import { useTokenLink } from '../ui/use-token-link.ts';

const day = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

type TDone = { heading: string; slug: string; expires_at: string };

/**
 * The renew page's one button: posts the mailed token (renewAdWithToken) and says what
 * happened, the server's words on failure (used link, sold ad…).
 */
export default function RenewAdButton({ token }: { token: string }) {
  const { busy, answer, error, run } = useTokenLink(
    token,
    'This renew link is incomplete. Open it again from the mail.',
    () => apiFetch('/api/renew-ad', { method: 'POST', json: { token } }),
  );
  const done: TDone | null = answer && { ...answer.ad, expires_at: String(answer.ad.expires_at) };

  if (done) {
    return (
      <div role="status" className="space-y-3 text-slate-700">
        <p className="flex items-center gap-2 text-lg font-semibold text-emerald-800">
          <CircleCheck className="h-5 w-5" aria-hidden="true" /> Your ad has been renewed
        </p>
        <p>
          “{done.heading}” stays online until <strong>{day.format(new Date(done.expires_at))}</strong>.
        </p>
        <a href={`/add-details/${encodeURIComponent(done.slug)}`} className={buttonClass('secondary')}>
          View your ad
        </a>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {error && (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {error}
        </p>
      )}
      {token && (
        <button type="button" onClick={() => void run()} disabled={busy} className={buttonClass('primary', 'large')}>
          {busy ? 'Renewing…' : 'Renew my ad'}
        </button>
      )}
    </div>
  );
}
