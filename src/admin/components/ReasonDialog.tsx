import { useEffect, useId, useState } from 'react';
import { Button, Textarea } from '../../components/ui/controls.tsx';
import Dialog from '../../components/ui/Dialog.tsx';
import Field from '../../components/ui/Field.tsx';

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
 * cancels; a required reason is checked at the field.
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  useEffect(() => {
    if (!open) return;
    setReason('');
    setError(null);
  }, [open]);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      className="m-auto w-[440px] max-w-[92vw] rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50"
      labelledBy={titleId}
    >
      <form
        className="space-y-4 p-5"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (required && !reason.trim()) {
            setError('Please write a reason.');
            return;
          }
          onConfirm(reason.trim());
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{message}</p>
        <Field label={required ? label : `${label} (optional)`} error={error}>
          <Textarea rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
