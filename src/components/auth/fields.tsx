import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes, useEffect, useId, useState } from 'react';

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-[15px] text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none aria-[invalid=true]:border-red-400';

export const primaryButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-primary px-4 py-2.5 text-[15px] font-semibold text-primary-fg shadow-sm transition hover:brightness-110 focus-visible:ring-2 focus-visible:ring-primary/40 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Shown under the field (inline validation on the forgot/reset forms). */
  error?: string;
  /** Adds a show/hide toggle for password fields. */
  reveal?: boolean;
};

/** A labelled input: label above, optional inline error, optional password reveal. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, reveal = false, type = 'text', id: idProp, ...input },
  ref,
) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const [shown, setShown] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={reveal && shown ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} ${reveal ? 'pr-11' : ''}`}
          {...input}
        />
        {reveal && (
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={shown}
            className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-slate-500 hover:text-slate-800"
          >
            {shown ? (
              <EyeOff className="h-4.5 w-4.5" aria-hidden="true" />
            ) : (
              <Eye className="h-4.5 w-4.5" aria-hidden="true" />
            )}
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});

/**
 * False until the island has hydrated: submit buttons stay disabled until then, so a fast
 * click can never send the form natively (and put a password in a URL).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** The first failing field's message, in the form's field order (SPEC.md §5: one toast, in order). */
export function firstMessage(order: readonly string[], errors: Record<string, { message?: unknown } | undefined>) {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return null;
}
