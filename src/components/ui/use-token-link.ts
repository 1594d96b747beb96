import { useState } from 'react';

/**
 * The state of a page opened from a mailed link (renew an ad, verify an address, confirm or
 * leave the newsletter): nothing happens until the visitor presses the button, so a mail
 * scanner that follows the link uses nothing up. `run` posts the token through `post`; the
 * answer on success, else the server's words as `error`. Without a token the page starts
 * with `incomplete` as its error.
 */
export function useTokenLink<A extends { success: boolean; message?: string }>(
  token: string,
  incomplete: string,
  post: () => Promise<A>,
) {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Extract<A, { success: true }> | null>(null);
  const [error, setError] = useState<string | null>(token ? null : incomplete);

  async function run() {
    setBusy(true);
    setError(null);
    const res = await post();
    setBusy(false);
    if (res.success) setAnswer(res as Extract<A, { success: true }>);
    else setError(res.message ?? 'Something went wrong. Please try again.');
  }

  return { busy, answer, error, run };
}
