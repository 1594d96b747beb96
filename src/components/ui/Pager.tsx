import type { ReactNode } from 'react';
import { cx } from './classes.ts';
import { Button } from './controls.tsx';
import { formatCount } from './pagination.ts';

/**
 * The one pager of the admin lists: Prev, "Page 2 of 8", Next, with what the list says about
 * its rows (`status`: "11–20 of 134", Loading…) on the left. Prev is off on the first page and
 * Next on the last. `previous` is the Prev button's text where a screen has always said
 * "Previous". The public ad browser's numbered links are PageNav (real links, in the page).
 */
export default function Pager({
  page,
  totalPages,
  onGo,
  label = 'Pages',
  previous = 'Prev',
  status,
  className,
}: {
  page: number;
  totalPages: number;
  onGo: (page: number) => void;
  /** The nav's accessible name. */
  label?: string;
  previous?: 'Prev' | 'Previous';
  status?: ReactNode;
  className?: string;
}) {
  const last = Math.max(1, totalPages);
  return (
    <nav
      aria-label={label}
      className={cx('flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600', className)}
    >
      {status}
      <div className="ml-auto flex items-center gap-1">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onGo(page - 1)}>
          {previous}
        </Button>
        <span className="px-2">
          Page {formatCount(page)} of {formatCount(last)}
        </span>
        <Button variant="secondary" disabled={page >= last} onClick={() => onGo(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
