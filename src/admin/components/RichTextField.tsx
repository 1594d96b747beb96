import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import RichTextEditor from './RichTextEditor.tsx';

/** The shared rich-text editor bound to a react-hook-form field holding HTML. */
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
    </div>
  );
}
