import { type AriaAttributes, createContext, type ReactNode, useContext, useId } from 'react';
import type { TControlSize } from './classes.ts';

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
 * A label above its control, an optional hint and an optional error text under it. The
 * control (Input, Select, Textarea, or any element given `htmlFor`'s id) is tied to the
 * label by id and to the hint and error by aria-describedby.
 */
export default function Field({
  label,
  htmlFor,
  hint,
  error,
  size = 'compact',
  children,
}: {
  label: string;
  /** The control's id, when the control sets its own. */
  htmlFor?: string;
  hint?: string;
  error?: string | null;
  size?: TControlSize;
  children: ReactNode;
}) {
  const autoId = useId();
  const id = htmlFor ?? autoId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const look = LOOK[size];
  return (
    <FieldContext.Provider value={{ id, describedBy, invalid: !!error, size }}>
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
        {error && (
          <p id={errorId} className={ERROR[size]}>
            {error}
          </p>
        )}
      </div>
    </FieldContext.Provider>
  );
}
