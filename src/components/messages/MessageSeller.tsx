import { MessageCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { VERIFICATION_TEXTS } from '../../../api/constants/email-verification.ts';
import { FIRST_MESSAGE } from '../../../api/constants/messages.ts';
import { apiFetch } from '../../lib/api.ts';
import { signInHref } from '../../lib/next-path.ts';
import { notify } from '../../lib/toast.ts';
import ResendVerificationButton from '../auth/ResendVerificationButton.tsx';
import { buttonClass } from '../ui/classes.ts';
import { Button } from '../ui/controls.tsx';
import Composer from './Composer.tsx';

/** The URL fragment that opens the composer (the way back from sign-in carries it). */
const OPEN_HASH = '#message';

/**
 * The ad page's main action. A visitor signs in first and comes back with the composer open;
 * the seller sees that it is their ad and a link to its conversations; a user whose email is
 * not verified yet is asked to verify it (starting a conversation would be refused) and can
 * have the link mailed again; anyone else writes to the seller here. Nobody's address is
 * shown: the message goes through the site.
 */
export default function MessageSeller({
  adId,
  slug,
  sellerName,
  signedIn,
  isOwner,
  emailVerified = true,
}: {
  adId: number;
  slug: string;
  sellerName: string;
  signedIn: boolean;
  isOwner: boolean;
  /** The signed-in user's address is verified (Astro.locals.user.emailVerified). */
  emailVerified?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  useEffect(() => {
    if (signedIn && !isOwner && emailVerified && window.location.hash === OPEN_HASH) setOpen(true);
  }, [signedIn, isOwner, emailVerified]);

  if (isOwner)
    return (
      <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="own-ad">
        <p className="font-medium text-slate-900">This is your ad</p>
        <a href={`/admin/messages?ad=${adId}`} className="mt-1 inline-block font-medium text-primary-ink underline">
          View conversations about it
        </a>
      </div>
    );

  const label = (
    <>
      <MessageCircle className="h-5 w-5" aria-hidden="true" /> Message seller
    </>
  );
  if (!signedIn)
    return (
      <a
        href={signInHref(`/add-details/${slug}${OPEN_HASH}`)}
        className={buttonClass('primary', 'large', 'w-full gap-2 sm:w-auto')}
      >
        {label}
      </a>
    );

  if (!emailVerified)
    return (
      <div
        id="message"
        role="status"
        data-testid="verify-to-message"
        className="w-full rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 sm:max-w-sm"
      >
        <p className="font-semibold">{VERIFICATION_TEXTS.toMessage}</p>
        <p className="mt-1">Open the link in the email we sent you when you signed up.</p>
        <ResendVerificationButton className="mt-3 w-full sm:w-auto" />
      </div>
    );

  async function send(text: string, key: string) {
    const res = await apiFetch('/api/conversations', { method: 'POST', json: { adId, text }, idempotencyKey: key });
    if (!res.success) return res.message;
    notify.success(res.message);
    setSent(res.conversation.id);
    return null;
  }

  return (
    <div id="message" className="w-full">
      {!open && (
        <Button size="large" className="w-full gap-2 sm:w-auto" onClick={() => setOpen(true)} aria-expanded={open}>
          {label}
        </Button>
      )}
      {open && (
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <p className="mb-2 text-sm font-medium text-slate-800">Message {sellerName}</p>
          {sent !== null && (
            <p className="mb-2 rounded-md bg-emerald-50 p-2 text-sm text-emerald-900" role="status">
              Your message was sent.{' '}
              <a href={`/admin/messages/${sent}`} className="font-medium underline">
                Open the conversation
              </a>
            </p>
          )}
          <Composer
            initial={sent === null ? FIRST_MESSAGE : ''}
            send={send}
            label={`Message to ${sellerName}`}
            autoFocus
          />
        </div>
      )}
    </div>
  );
}
