import { Eye, EyeOff } from 'lucide-react';
import {
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useState,
} from 'react';
import { buttonClass, controlClass, cx, type TButtonVariant, type TControlSize } from './classes.ts';
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

/** A password input with a show/hide toggle; `label` names the field in the toggle's own label. */
export function PasswordInput({
  label,
  className,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'type'> &
  TControlProps & { label: string; ref?: Ref<HTMLInputElement> }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={shown ? 'text' : 'password'} className={cx('pr-11', className)} />
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
    </div>
  );
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
