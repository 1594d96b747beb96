import { useEffect, useId } from 'react';
import { MODERATION_REASON_MAX } from '../../../api/constants/moderation.ts';
import { ZModerationReason, ZModerationReasonRequired } from '../../../api/schemas/moderation.ts';
import { Button, Textarea } from '../../components/ui/controls.tsx';
import Dialog from '../../components/ui/Dialog.tsx';
import Field from '../../components/ui/Field.tsx';
import { ErrorsForm } from '../../components/ui/field-errors.tsx';
import { useSchemaForm } from '../../components/ui/schema-form.ts';

type Props = {
  open: boolean;
  title: string;
  message: string;
  label: string;
  confirmLabel: string;
  /** A reason must be written (e.g. removing an ad, whose owner is mailed it). */
  required?: boolean;
  busy?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/**
 * A modal that asks a moderator why, before an action the audit log records. Escape
 * cancels; a required reason is checked at the field (the form-error pattern: the message
 * under it, the focus on it, one summary toast).
 */
export default function ReasonDialog({
  open,
  title,
  message,
  label,
  confirmLabel,
  required,
  busy,
  onConfirm,
  onCancel,
}: Props) {
  const { form, submit, errors } = useSchemaForm({
    schema: required ? ZModerationReasonRequired : ZModerationReason,
    defaults: { reason: '' },
  });
  const { reset, register } = form;
  const { clear } = errors;
  const titleId = useId();
  const reasonId = useId();
  useEffect(() => {
    if (!open) return;
    reset({ reason: '' });
    clear();
  }, [open, reset, clear]);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      className="m-auto w-[440px] max-w-[92vw] rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50"
      labelledBy={titleId}
    >
      <ErrorsForm errors={errors} className="space-y-4 p-5" onSubmit={submit(({ reason }) => onConfirm(reason.trim()))}>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{message}</p>
        <Field label={required ? label : `${label} (optional)`} htmlFor={reasonId}>
          <Textarea id={reasonId} rows={3} maxLength={MODERATION_REASON_MAX} {...register('reason')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {confirmLabel}
          </Button>
        </div>
      </ErrorsForm>
    </Dialog>
  );
}
