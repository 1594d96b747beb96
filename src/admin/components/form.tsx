import type { ReactNode } from 'react';

/** Shared look for admin forms: one column, labels above fields (DESIGN.md). */
export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none disabled:bg-slate-100';

/** Buttons are 44 px tall on phones (a thumb's tap target), compact from `md` up. */
export const primaryButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 whitespace-nowrap rounded-lg bg-primary px-5 py-2.5 text-sm font-semibold text-primary-fg shadow-sm hover:brightness-95 disabled:opacity-60 md:min-h-0';

export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 whitespace-nowrap rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 md:min-h-0';

export function Field({
  label,
  htmlFor,
  hint,
  children,
}: {
  label: string;
  htmlFor?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

/**
 * The form shell: title, fields in one column, the submit button. noValidate: checks run
 * through the shared Zod schema so the toasts follow SPEC.md §5's order.
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
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {busy && (
            <span
              className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              aria-hidden="true"
            />
          )}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** The first Zod issue's message, to show as the one toast (SPEC.md §5: stop at the first). */
export function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Please check the form.';
}
