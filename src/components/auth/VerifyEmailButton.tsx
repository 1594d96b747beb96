import { CircleAlert, CircleCheck } from 'lucide-react';
import { VERIFICATION_TEXTS } from '../../../api/constants/email-verification.ts';
import { apiFetch } from '../../lib/api.ts';
import { signInHref } from '../../lib/next-path.ts';
import { buttonClass } from '../ui/classes.ts';
import { useTokenLink } from '../ui/use-token-link.ts';
import ResendVerificationButton from './ResendVerificationButton.tsx';

/**
 * The verify page's one button: posts the mailed token (verifyEmail), then shows the success
 * with the way on, or the failure with a way forward: a new link for a signed-in visitor, sign
 * in for anyone else. Opening the page verifies nothing by itself, so a mail scanner that
 * follows the link does not use it up before its owner does.
 */
export default function VerifyEmailButton({
  token,
  signedIn,
  verified,
}: {
  token: string;
  signedIn: boolean;
  /** The signed-in visitor's address is verified already. */
  verified: boolean;
}) {
  const { busy, answer, error, run } = useTokenLink(
    token,
    'This link is incomplete. Open it again from the email we sent you.',
    () => apiFetch('/api/verify-email', { method: 'POST', json: { token } }),
  );
  const done = verified || !!answer;

  if (done)
    return (
      <div role="status" className="space-y-4 text-slate-700" data-testid="email-verified">
        <p className="flex items-center gap-2 text-lg font-semibold text-emerald-800">
          <CircleCheck className="h-6 w-6 shrink-0" aria-hidden="true" />
          {verified ? VERIFICATION_TEXTS.alreadyVerified : 'Your email address is verified'}
        </p>
        <p>You can now message sellers about their ads.</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <a href="/" className={buttonClass('primary', 'compact', 'w-full sm:w-auto')}>
            Browse ads
          </a>
          {signedIn ? (
            <a href="/admin/account" className={buttonClass('secondary', 'compact', 'w-full sm:w-auto')}>
              My account
            </a>
          ) : (
            <a href={signInHref('/')} className={buttonClass('secondary', 'compact', 'w-full sm:w-auto')}>
              Sign in
            </a>
          )}
        </div>
      </div>
    );

  return (
    <div className="space-y-4">
      {error && (
        <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="flex items-start gap-2 font-semibold">
            <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> {error}
          </p>
          <p className="mt-2">
            {signedIn
              ? 'Ask for a new link below; it replaces the old one.'
              : 'Sign in and ask for a new link on the ad page or in your account.'}
          </p>
        </div>
      )}
      {token && !error && (
        <button type="button" onClick={() => void run()} disabled={busy} className={buttonClass('primary', 'large')}>
          {busy ? 'Verifying…' : 'Verify my email address'}
        </button>
      )}
      {error &&
        (signedIn ? (
          <ResendVerificationButton variant="primary" className="w-full" />
        ) : (
          <a href={signInHref('/admin/account')} className={buttonClass('primary', 'large')}>
            Sign in
          </a>
        ))}
    </div>
  );
}
