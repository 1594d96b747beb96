import type { ReactNode } from 'react';
import { Button } from '../../components/ui/controls.tsx';

/** Admin forms: one column, labels above fields, the shared controls of src/components/ui. */
export { default as Field } from '../../components/ui/Field.tsx';

/**
 * The form shell: title, fields in one column, the submit button. noValidate: checks run
 * through the shared Zod schema so the toasts follow the schema's field order.
 */
export function FormShell({
  title,
  submitLabel,
  busy = false,
  onSubmit,
  children,
  aside,
}: {
  title: string;
  submitLabel: string;
  busy?: boolean;
  onSubmit: (e: React.FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
        {aside}
      </div>
      {children}
      <div className="pt-2">
        <Button type="submit" disabled={busy}>
          {busy && (
            <span
              className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              aria-hidden="true"
            />
          )}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
