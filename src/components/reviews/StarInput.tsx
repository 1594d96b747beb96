import { Star } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { errorIdFor } from '../../lib/form-errors.ts';
import { FieldError, useFieldErrorText } from '../ui/field-errors.tsx';

/**
 * 1–5 stars to choose from: a radio group (a fieldset with its legend), so a keyboard moves
 * with the arrow keys and a screen reader says "3 stars, 3 of 5". Each radio hides behind its
 * star; the chosen one and those before it are filled, the focused one ringed.
 */
export default function StarInput({
  legend,
  value,
  field,
}: {
  legend: string;
  value: number;
  field: UseFormRegisterReturn;
}) {
  // The form's error for the field, found by its name (useSchemaForm's field errors).
  const error = useFieldErrorText(field.name);
  const controlId = `${field.name}-stars`;
  return (
    <fieldset
      id={controlId}
      aria-describedby={error ? errorIdFor(controlId) : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="relative flex h-11 w-11 cursor-pointer items-center justify-center rounded-lg has-focus-visible:ring-2 has-focus-visible:ring-primary"
          >
            <input
              type="radio"
              value={n}
              className="absolute inset-0 cursor-pointer appearance-none opacity-0"
              {...field}
            />
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
            <Star
              aria-hidden="true"
              className={`pointer-events-none h-7 w-7 ${n <= value ? 'fill-amber-400 text-amber-500' : 'fill-none text-slate-400'}`}
            />
          </label>
        ))}
      </div>
      <FieldError controlId={controlId} field={field.name} message={error} className="mt-1 text-sm text-red-700" />
    </fieldset>
  );
}
