import type { ReactNode } from 'react';
import { Button } from '../../components/ui/controls.tsx';
import { ErrorsForm, type TFieldErrors } from '../../components/ui/field-errors.tsx';

/*
 * Admin forms: one column, labels above fields, the shared controls and the one Field of
 * src/components/ui.
 */

/**
 * The form shell: title, fields in one column, the submit button. noValidate: checks run
 * through the shared Zod schema; `errors` (useSchemaForm's) puts each message under its field.
 */
export function FormShell({
  title,
  submitLabel,
  busy = false,
  disabled = false,
  onSubmit,
  children,
  aside,
  notice,
  errors,
}: {
  title: string;
  submitLabel: string;
  busy?: boolean;
  /** Everything in the form is off (a reached limit): one fieldset disables every control. */
  disabled?: boolean;
  onSubmit: (e: React.FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  aside?: ReactNode;
  /** Shown above the fields and outside the disabled fieldset (e.g. why the form is off). */
  notice?: ReactNode;
  errors?: TFieldErrors;
}) {
  const body = (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
        {aside}
      </div>
      {notice}
      <fieldset disabled={disabled} className="min-w-0 space-y-5 disabled:opacity-60">
        {children}
        <div className="pt-2">
          <Button type="submit" disabled={busy || disabled}>
            {busy && (
              <span
                className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
                aria-hidden="true"
              />
            )}
            {submitLabel}
          </Button>
        </div>
      </fieldset>
    </>
  );
  return errors ? (
    <ErrorsForm errors={errors} onSubmit={onSubmit} className="space-y-5">
      {body}
    </ErrorsForm>
  ) : (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {body}
    </form>
  );
}

/** A small form's buttons: submit and Cancel, side by side (a thread's report, review or answer). */
export function SubmitCancel({ submitLabel, onCancel }: { submitLabel: string; onCancel: () => void }) {
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <Button type="submit">{submitLabel}</Button>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
