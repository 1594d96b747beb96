import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { MESSAGE_MAX_CHARS, MESSAGE_TEXTS } from '../../../api/constants/messages.ts';
import { newIdempotencyKey } from '../../lib/submission-key.ts';
import { Button, Textarea } from '../ui/controls.tsx';

/**
 * Writes one message: 1–2000 characters, Enter sends, Shift+Enter starts a new line. `send`
 * gets the trimmed text and this submission's Idempotency-Key (a retry of the same submission
 * reuses it) and resolves to an error message or null; the error shows under the box.
 */
export default function Composer({
  initial = '',
  label = 'Your message',
  send,
  disabled = false,
  autoFocus = false,
}: {
  initial?: string;
  label?: string;
  send: (text: string, key: string) => Promise<string | null>;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(newIdempotencyKey());
  const id = useId();
  const length = [...text.trim()].length;

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (busy || disabled) return;
    const value = text.trim();
    if (!value) return setError(MESSAGE_TEXTS.text);
    if ([...value].length > MESSAGE_MAX_CHARS) return setError(MESSAGE_TEXTS.textMax);
    setBusy(true);
    const failure = await send(value, key.current);
    setBusy(false);
    if (failure) return setError(failure);
    setError('');
    setText('');
    key.current = newIdempotencyKey();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        id={id}
        value={text}
        rows={3}
        autoFocus={autoFocus}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError('');
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help`}
        placeholder="Write a message…"
        className="resize-y"
      />
      <div className="flex items-center justify-between gap-3">
        <p
          id={`${id}-help`}
          className={`text-xs ${error ? 'text-red-700' : 'text-slate-500'}`}
          role={error ? 'alert' : undefined}
        >
          {error || `${length} / ${MESSAGE_MAX_CHARS} · Enter sends, Shift+Enter for a new line`}
        </p>
        <Button type="submit" disabled={busy || disabled || length === 0}>
          {busy ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
