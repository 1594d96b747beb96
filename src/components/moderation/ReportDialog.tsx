import { Flag } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS } from '../../../api/constants/moderation.ts';
import { ZReportReview } from '../../../api/schemas/review.ts';
import { apiFetch } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { Button, Textarea } from '../ui/controls.tsx';
import Field from '../ui/Field.tsx';
import { ErrorsForm, errorWiring, FieldError } from '../ui/field-errors.tsx';
import { HoneypotField } from '../ui/HoneypotField.tsx';
import { useSchemaForm } from '../ui/schema-form.ts';

export type TReportTarget = {
  /** Where the report is posted, and what it carries besides reason, details and honeypot. */
  endpoint: '/api/reports' | `/api/reviews/${number}/report`;
  extra?: Record<string, unknown>;
  /** The link's and the dialog's title ("Report this ad"). */
  title: string;
  intro: string;
  /** The server's answer to a second report, after which the link says it was reported. */
  alreadyReported: string;
  /** A smaller link (beside a review rather than under an ad). */
  small?: boolean;
};

/**
 * "Report this ad" on the public ad page (and "Report this review" beside a review), for
 * everyone but its author, signed in or not. A dialog asks for a reason and optional details;
 * `website` is the honeypot (the server's bot check; there is no timer: a person may be
 * quick). A missing reason is said under the reasons, not in a toast. After sending, the link
 * says so instead of offering a second report.
 */
export default function ReportDialog({ endpoint, extra, title, intro, alreadyReported, small }: TReportTarget) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { form, submit, errors } = useSchemaForm({
    schema: ZReportReview,
    defaults: { reason: '', details: '', website: '' },
    summary: false,
  });
  const { register } = form;
  const [done, setDone] = useState(false);
  const id = useId();
  const reasonError = errors.message('reason');

  function open() {
    errors.clear();
    dialog.current?.showModal();
  }

  const send = submit(async (values) => {
    const res = await apiFetch(endpoint, { method: 'POST', json: { ...extra, ...values } });
    if (!res.success) {
      notify.error(res.message);
      if (res.message === alreadyReported) {
        dialog.current?.close();
        setDone(true);
      }
      return;
    }
    notify.success(res.message);
    dialog.current?.close();
    setDone(true);
  });

  if (done)
    return (
      <p className="inline-flex items-center gap-1.5 text-sm text-slate-500" data-testid="reported">
        <Flag className="h-4 w-4" aria-hidden="true" /> Reported — thank you
      </p>
    );
  return (
    <>
      <button
        type="button"
        onClick={open}
        className={`inline-flex min-h-11 items-center gap-1.5 text-slate-500 underline-offset-2 hover:text-red-700 hover:underline ${small ? 'text-xs' : 'text-sm'}`}
      >
        <Flag className={small ? 'h-3.5 w-3.5' : 'h-4 w-4'} aria-hidden="true" /> {title}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[460px] max-w-[92vw] rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        <ErrorsForm errors={errors} onSubmit={send} className="space-y-4 p-5">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-600">{intro}</p>
          <fieldset aria-describedby={errorWiring(reasonError, `${id}-reason`)['aria-describedby']}>
            <legend className="mb-2 text-sm font-medium text-slate-700">Reason</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {REPORT_REASONS.map((r) => (
                <label
                  key={r}
                  className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm text-slate-800 hover:bg-slate-50 sm:min-h-9"
                >
                  <input
                    id={`${id}-${r}`}
                    type="radio"
                    value={r}
                    {...register('reason')}
                    aria-invalid={reasonError ? true : undefined}
                    className="h-4 w-4"
                  />
                  {REPORT_REASON_LABELS[r]}
                </label>
              ))}
            </div>
            <FieldError controlId={`${id}-reason`} field="reason" message={reasonError} />
          </fieldset>
          <Field label="Details (optional)">
            <Textarea rows={3} maxLength={REPORT_DETAILS_MAX} {...register('details')} />
          </Field>
          <HoneypotField id={`${id}-website`} {...register('website')} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Send report
            </Button>
          </div>
        </ErrorsForm>
      </dialog>
    </>
  );
}
