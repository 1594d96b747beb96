import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes, useEffect, useId, useState } from 'react';
import { buttonClass } from '../ui/classes.ts';
import { Input } from '../ui/controls.tsx';
import UiField from '../ui/Field.tsx';
import { useFieldErrorText } from '../ui/field-errors.tsx';

/** The cards' full-width submit button. */
export const primaryButtonClass = buttonClass('primary', 'large');

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: string;
  /** Shown under the field (inline validation on the forgot/reset forms). */
  error?: string;
  /** Adds a show/hide toggle for password fields. */
  reveal?: boolean;
};

/**
 * A labelled input: label above, optional password reveal, and under it its `error` or, inside
 * an ErrorsForm, the message the form holds for this field.
 */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, reveal = false, type = 'text', id: idProp, ...input },
  ref,
) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const [shown, setShown] = useState(false);
  const found = useFieldErrorText(input.name, id);
  return (
    <UiField label={label} htmlFor={id} error={error ?? found} size="large">
      <div className="relative">
        <Input ref={ref} type={reveal && shown ? 'text' : type} className={reveal ? 'pr-11' : undefined} {...input} />
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
    </UiField>
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

/** The first failing field's message, in the form's field order (one toast, in order). */
export function firstMessage(order: readonly string[], errors: Record<string, { message?: unknown } | undefined>) {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  return null;
}
