import { type AriaAttributes, createContext, type ReactNode, useContext, useId } from 'react';
import type { TControlSize } from './classes.ts';
import { useFieldErrorText } from './field-errors.tsx';

type TFieldContext = { id: string; describedBy?: string; invalid: boolean; size: TControlSize };

const FieldContext = createContext<TFieldContext | null>(null);

/**
 * What a control inside a Field takes from it: its id (the label's target), aria-invalid and
 * aria-describedby pointing at the hint and the error text. Props given to the control win.
 */
export function useFieldControl(props: Pick<AriaAttributes, 'aria-invalid' | 'aria-describedby'> & { id?: string }) {
  const field = useContext(FieldContext);
  return {
    id: props.id ?? field?.id,
    'aria-invalid': props['aria-invalid'] ?? (field?.invalid ? true : undefined),
    'aria-describedby': props['aria-describedby'] ?? field?.describedBy,
    size: field?.size,
  };
}

const LOOK: Record<TControlSize, { box?: string; label: string }> = {
  compact: { box: 'space-y-1.5', label: 'block text-sm font-medium text-slate-700' },
  large: { label: 'mb-1.5 block text-sm font-medium text-slate-700' },
};
const ERROR: Record<TControlSize, string> = {
  compact: 'text-sm text-red-700',
  large: 'mt-1.5 text-sm text-red-700',
};

/**
 * The one Field of the islands and the admin app: a label above its control, an optional
 * hint and an error text under it. The control (Input, Select, Textarea, or any element given
 * `htmlFor`'s id) is tied to the label by id and to the hint and error by aria-describedby.
 * The error is `error` when given, else the message the form's field errors (useSchemaForm's,
 * through ErrorsForm) hold for this control: found by `name`, or by the control's id, so a
 * form's fields need no wiring.
 */
export default function Field({
  label,
  htmlFor,
  name,
  hint,
  error,
  size = 'compact',
  children,
}: {
  /** Text, or text with a mark (a required field's aria-hidden "*"). */
  label: ReactNode;
  /** The control's id, when the control sets its own. */
  htmlFor?: string;
  /** The control's name, where its message is looked up by name (a control without the Field's id). */
  name?: string;
  hint?: string;
  error?: string | null;
  size?: TControlSize;
  children: ReactNode;
}) {
  const autoId = useId();
  const id = htmlFor ?? autoId;
  const found = useFieldErrorText(name, id);
  const shown = error ?? found;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = shown ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const look = LOOK[size];
  return (
    <FieldContext.Provider value={{ id, describedBy, invalid: !!shown, size }}>
      <div className={look.box}>
        <label htmlFor={id} className={look.label}>
          {label}
        </label>
        {children}
        {hint && (
          <p id={hintId} className="text-xs text-slate-500">
            {hint}
          </p>
        )}
        {shown && (
          <p id={errorId} className={ERROR[size]}>
            {shown}
          </p>
        )}
      </div>
    </FieldContext.Provider>
  );
}
