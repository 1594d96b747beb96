/**
 * The one set of control looks, for the admin app and the islands alike. `compact` is the
 * admin forms' size; `large` the sign-in/sign-up cards', whose fields are the page's focus.
 * Buttons are 44 px tall on phones (a thumb's tap target), compact from `md` up.
 */
export type TControlSize = 'compact' | 'large';
export type TButtonVariant = 'primary' | 'secondary';

const INPUT: Record<TControlSize, string> = {
  compact:
    'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none disabled:bg-slate-100',
  large:
    'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-[15px] text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none aria-[invalid=true]:border-red-400',
};

const BUTTON: Record<TControlSize, Record<TButtonVariant, string>> = {
  compact: {
    primary:
      'inline-flex min-h-11 items-center justify-center gap-2 whitespace-nowrap rounded-lg bg-primary px-5 py-2.5 text-sm font-semibold text-primary-fg shadow-sm hover:brightness-95 disabled:opacity-60 md:min-h-0',
    secondary:
      'inline-flex min-h-11 items-center justify-center gap-2 whitespace-nowrap rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 md:min-h-0',
  },
  large: {
    primary:
      'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-primary px-4 py-2.5 text-[15px] font-semibold text-primary-fg shadow-sm transition hover:brightness-110 focus-visible:ring-2 focus-visible:ring-primary/40 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
    secondary:
      'inline-flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-[15px] font-medium text-slate-700 transition hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-primary/40 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
  },
};

/** Joins class names, skipping empty ones. */
export const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

/** An input, select or textarea's look; `extra` adds to it (e.g. room for an icon). */
export const controlClass = (size: TControlSize = 'compact', extra?: string) => cx(INPUT[size], extra);

/** A button's look, also for links that act as buttons (Back to list, Add). */
export const buttonClass = (variant: TButtonVariant = 'primary', size: TControlSize = 'compact', extra?: string) =>
  cx(BUTTON[size][variant], extra);
