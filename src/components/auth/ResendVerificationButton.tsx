import { Mail } from 'lucide-react';
import { useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import type { TButtonVariant } from '../ui/classes.ts';
import { Button } from '../ui/controls.tsx';

/**
 * "Resend verification email" (resendVerification) for a signed-in user whose address is not
 * verified yet: the ad page's notice, the verify page and the account page. The answer is a
 * toast: sent, already verified (409), or too many tries (429).
 */
export default function ResendVerificationButton({
  variant = 'secondary',
  className,
}: {
  variant?: TButtonVariant;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  async function resend() {
    setBusy(true);
    const res = await apiFetch('/api/resend-verification', { method: 'POST' });
    setBusy(false);
    if (res.success) notify.success(res.message);
    else notify.error(res.message);
  }
  return (
    <Button variant={variant} className={className} disabled={busy} onClick={() => void resend()}>
      <Mail className="h-4 w-4" aria-hidden="true" /> {busy ? 'Sending…' : 'Resend verification email'}
    </Button>
  );
}
