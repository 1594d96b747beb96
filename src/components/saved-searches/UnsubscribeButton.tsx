import { useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import { buttonClass } from '../ui/classes.ts';

type Props = { token: string; name: string; alreadyOff: boolean };

/**
 * The unsubscribe page's one button. Opening the page changes nothing (mail scanners open
 * links); the click posts the token to unsubscribeSavedSearch, the same address mail clients
 * post to for one-click unsubscribe.
 */
export default function UnsubscribeButton({ token, name, alreadyOff }: Props) {
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'error'>(alreadyOff ? 'done' : 'idle');
  const [message, setMessage] = useState('');

  async function unsubscribe() {
    setState('busy');
    const res = await apiFetch(`/api/saved-search-unsubscribe/${encodeURIComponent(token)}`, { method: 'POST' });
    setState(res.success ? 'done' : 'error');
    setMessage(res.message);
  }

  if (state === 'done') {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 p-4 text-emerald-900" data-testid="unsubscribed">
        You will get no more alerts for “{name}”. You can switch them on again under Saved searches.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <button
        type="button"
        className={buttonClass('primary', 'large', 'w-full')}
        disabled={state === 'busy'}
        onClick={() => void unsubscribe()}
      >
        {state === 'busy' ? 'Unsubscribing…' : 'Unsubscribe'}
      </button>
      {state === 'error' && (
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}
