import type { InputHTMLAttributes, Ref } from 'react';
import { HONEYPOT_CLASS } from '../content/form-checks.ts';

/**
 * The field people never see and scripts fill in ("website"): off screen, out of the tab order
 * and hidden from screen readers. A form whose honeypot has a value gets the normal answer and
 * nothing is stored. Takes the input's own props (value and onChange, or a form library's
 * register()).
 */
export function HoneypotField({
  id,
  ref,
  ...input
}: { id: string; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={HONEYPOT_CLASS} aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input ref={ref} id={id} name="website" tabIndex={-1} autoComplete="off" {...input} />
    </div>
  );
}
