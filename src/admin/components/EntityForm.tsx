import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/classes.ts';
import { FormShell } from './form.tsx';
import { useReturnTo } from './list-return.ts';
import Spinner from './Spinner.tsx';
import type { useEntityForm } from './use-entity-form.ts';

/**
 * FormShell wired to useEntityForm: a spinner while the edited row loads, a clear message
 * (and the way back) when it cannot, and a Back link beside the title.
 */
export default function EntityForm<V extends FieldValues>({
  state,
  title,
  submitLabel,
  backTo,
  backLabel = 'Back to list',
  children,
}: {
  state: ReturnType<typeof useEntityForm<V>>;
  title: string;
  submitLabel: string;
  backTo: string;
  backLabel?: string;
  children: ReactNode;
}) {
  const returnTo = useReturnTo(backTo);
  const back = (
    <Link to={returnTo} className={buttonClass('secondary')}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {backLabel}
    </Link>
  );
  if (state.loading) return <Spinner label="Loading…" />;
  if (state.loadError) {
    return (
      <div className="space-y-4">
        <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {state.loadError}
        </p>
        {back}
      </div>
    );
  }
  return (
    <FormShell
      title={title}
      submitLabel={submitLabel}
      busy={state.busy}
      onSubmit={state.onSubmit}
      aside={back}
      errors={state.errors}
    >
      {children}
    </FormShell>
  );
}
