import { CircleCheck } from 'lucide-react';
import { apiFetch } from '../../lib/api.ts';
import { buttonClass } from '../ui/classes.ts';
import { useTokenLink } from '../ui/use-token-link.ts';

const ACTIONS = {
  confirm: { path: '/api/newsletter/confirm', label: 'Confirm my subscription', busy: 'Confirming…' },
  unsubscribe: { path: '/api/newsletter/unsubscribe', label: 'Unsubscribe', busy: 'Unsubscribing…' },
} as const;

/**
 * The newsletter pages' one button: posts the mailed token (confirmNewsletter or
 * unsubscribeNewsletter) and shows the server's answer. Opening the page does nothing by
 * itself, so a mail scanner that follows links neither confirms nor unsubscribes anyone.
 */
export default function NewsletterLinkButton({ action, token }: { action: keyof typeof ACTIONS; token: string }) {
  const { path, label, busy: busyLabel } = ACTIONS[action];
  const { busy, answer, error, run } = useTokenLink(
    token,
    'This link is incomplete. Open it again from the mail.',
    () => apiFetch(path, { method: 'POST', json: { token } }),
  );
  const done = answer?.message ?? null;

  if (done) {
    return (
      <p role="status" className="flex items-center gap-2 text-lg font-semibold text-emerald-800">
        <CircleCheck className="h-5 w-5 shrink-0" aria-hidden="true" /> {done}
      </p>
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
          {busy ? busyLabel : label}
        </button>
      )}
    </div>
  );
}
