import { useState } from 'react';
import { Button } from '../../components/ui/controls.tsx';
import { apiFetch } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import ReasonDialog from './ReasonDialog.tsx';

export type TBanTarget = { id: number; name: string; banned: boolean };

/** What each side of the action says: the button, the dialog and the sentence under its title. */
const WORDS = {
  ban: {
    button: 'Ban',
    title: 'Ban',
    message: 'They are signed out everywhere, cannot sign in, and all their ads are hidden until you unban them.',
    confirm: 'Ban user',
  },
  unban: {
    button: 'Unban',
    title: 'Unban',
    message: 'They can sign in again and their ads return as they were.',
    confirm: 'Unban user',
  },
} as const;

type Props = {
  user: TBanTarget;
  /** Runs after the server answered success (reload the list or the queue). */
  onDone: () => void | Promise<void>;
  /** A look of the caller's own (a table row's action); a secondary button otherwise. */
  className?: string;
  disabled?: boolean;
};

/**
 * Ban or Unban one user, wherever a moderator stands (Users list, edit-user screen, the
 * moderation queue): the button names the user, a dialog asks why (kept in the audit log),
 * and the server's answer is the toast.
 */
export default function BanAction({ user, onDone, className, disabled }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const side = user.banned ? 'unban' : 'ban';
  const words = WORDS[side];

  async function confirm(reason: string) {
    setBusy(true);
    const res = await apiFetch(`/api/users/${user.id}/${side}`, { method: 'POST', json: { reason } });
    setBusy(false);
    setOpen(false);
    if (!res.success) {
      notify.error(res.message);
      return;
    }
    notify.success(res.message);
    await onDone();
  }

  const label = `${words.button} ${user.name}`;
  return (
    <>
      {className ? (
        <button
          type="button"
          className={className}
          aria-label={label}
          disabled={disabled || busy}
          onClick={() => setOpen(true)}
        >
          {words.button}
        </button>
      ) : (
        <Button variant="secondary" disabled={disabled || busy} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      <ReasonDialog
        open={open}
        title={`${words.title} ${user.name}?`}
        message={words.message}
        label="Reason"
        confirmLabel={words.confirm}
        busy={busy}
        onConfirm={(reason) => void confirm(reason)}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
