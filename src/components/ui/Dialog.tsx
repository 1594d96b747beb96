import { type ReactNode, useEffect, useRef } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

type Props = {
  open: boolean;
  /** Called when the dialog asks to close: Escape, or the browser closing it on its own. */
  onClose: () => void;
  /** The id of the dialog's title, or `label` when it has no visible one. */
  labelledBy?: string;
  label?: string;
  /** A click on the dimmed backdrop closes it too (not for forms: typed input would be lost). */
  closeOnBackdrop?: boolean;
  /** Where focus goes on closing, when not back to the opener (e.g. the photo now shown). */
  returnFocus?: () => HTMLElement | null | undefined;
  className?: string;
  children: ReactNode;
};

/**
 * The one modal for the islands and the admin app: a native `<dialog>` opened with
 * `showModal()`, so the page behind is inert, focus moves in and stays inside, and Escape
 * closes it. `open` is the state; Escape (and a close the browser makes by itself, as Chrome
 * does on a second Escape) reports through `onClose`, so the state never says open while the
 * dialog is shut. Tab and Shift+Tab wrap around inside it. On closing, focus goes back to
 * what had it before (the opener).
 */
export default function Dialog({
  open,
  onClose,
  labelledBy,
  label,
  closeOnBackdrop,
  returnFocus,
  className,
  children,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
    }
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      className={className}
      onCancel={(e) => {
        e.preventDefault();
        onCloseRef.current();
      }}
      onClose={() => {
        (returnFocus?.() ?? opener.current)?.focus();
        opener.current = null;
        if (open) onCloseRef.current();
      }}
      onKeyDown={(e) => {
        // A modal keeps the page behind inert, but Tab past its last control would leave for
        // the browser's own toolbar: wrap around instead.
        if (e.key !== 'Tab' || !dialog.current) return;
        const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          (el) => !el.hasAttribute('disabled') && el.getClientRects().length > 0,
        );
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }}
      onClick={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      {children}
    </dialog>
  );
}
