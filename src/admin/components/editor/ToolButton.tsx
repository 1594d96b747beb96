import type { ReactNode } from 'react';

export const toolButtonClass =
  'inline-grid h-8 min-w-8 place-items-center rounded-md px-1.5 text-slate-700 hover:bg-slate-200 disabled:opacity-40 aria-pressed:bg-primary/15 aria-pressed:text-primary-ink';

export const toolSelectClass =
  'h-8 rounded-md border border-slate-300 bg-white px-1.5 text-xs text-slate-700 focus:border-primary focus:outline-none';

/** A toolbar button; `active` makes it a toggle (aria-pressed). */
export function ToolButton({
  label,
  onClick,
  active,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={toolButtonClass}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // Keep the editor's selection: the click must not move focus before the command runs.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export const ToolSeparator = () => <span className="mx-0.5 h-5 w-px bg-slate-300" aria-hidden="true" />;
