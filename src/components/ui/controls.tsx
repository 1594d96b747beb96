import type {
  ButtonHTMLAttributes,
  InputHTMLAttributes,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { buttonClass, controlClass, type TButtonVariant, type TControlSize } from './classes.ts';
import { useFieldControl } from './Field.tsx';

type TControlProps = { size?: TControlSize };

/** A text input; inside a Field it takes the Field's id, size and error wiring. */
export function Input({
  ref,
  size,
  className,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & TControlProps & { ref?: Ref<HTMLInputElement> }) {
  const { size: fieldSize, ...wiring } = useFieldControl(props);
  return <input ref={ref} {...props} {...wiring} className={controlClass(size ?? fieldSize, className)} />;
}

export function Select({
  ref,
  size,
  className,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & TControlProps & { ref?: Ref<HTMLSelectElement> }) {
  const { size: fieldSize, ...wiring } = useFieldControl(props);
  return <select ref={ref} {...props} {...wiring} className={controlClass(size ?? fieldSize, className)} />;
}

export function Textarea({
  ref,
  size,
  className,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & TControlProps & { ref?: Ref<HTMLTextAreaElement> }) {
  const { size: fieldSize, ...wiring } = useFieldControl(props);
  return <textarea ref={ref} {...props} {...wiring} className={controlClass(size ?? fieldSize, className)} />;
}

/** A button; type defaults to "button" so only the submit button submits a form. */
export function Button({
  ref,
  variant = 'primary',
  size = 'compact',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: TButtonVariant;
  size?: TControlSize;
  ref?: Ref<HTMLButtonElement>;
}) {
  return <button ref={ref} type={type} {...props} className={buttonClass(variant, size, className)} />;
}
