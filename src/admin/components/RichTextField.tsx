import { useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { FieldError, useFieldErrorText } from '../../components/ui/field-errors.tsx';
import RichTextEditor from './RichTextEditor.tsx';

/**
 * The shared rich-text editor bound to a react-hook-form field holding HTML; its error (from
 * the form's field errors, by `name`) sits under the editor.
 */
export default function RichTextField<V extends FieldValues>({
  control,
  name,
  label,
  placeholder,
}: {
  control: Control<V>;
  name: Path<V>;
  label: string;
  placeholder?: string;
}) {
  const id = useId();
  const error = useFieldErrorText(name);
  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RichTextEditor label={label} value={field.value ?? ''} onChange={field.onChange} placeholder={placeholder} />
        )}
      />
      <FieldError controlId={id} field={name} message={error} className="text-sm text-red-700" />
    </div>
  );
}
