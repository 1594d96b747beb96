import * as chevronLeftIcon from 'lucide-react/icons/chevron-left';
import * as chevronRightIcon from 'lucide-react/icons/chevron-right';
import type { MouseEvent, ReactNode } from 'react';
import { glyph } from '../ui/glyph.tsx';
import { pageItems } from '../ui/pagination.ts';
import { followInPage } from './in-page-link.ts';

const ChevronLeft = glyph(chevronLeftIcon);
const ChevronRight = glyph(chevronRightIcon);

/** The browse list's page links: Prev, 1 … 4 5 6 … 20, Next; real links, followed in the page. */
export default function PageNav({
  page,
  totalPages,
  hrefFor,
  onGo,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  onGo: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  const go = (p: number) => (e: MouseEvent) => followInPage(e, () => onGo(p));
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1 sm:gap-1.5">
      <PageLink
        label={
          <>
            <ChevronLeft className="h-4 w-4" aria-hidden="true" /> <span className="max-sm:sr-only">Prev</span>
          </>
        }
        disabled={page <= 1}
        href={hrefFor(page - 1)}
        onClick={go(page - 1)}
      />
      {pageItems(page, totalPages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} className="px-2 text-slate-500">
            …
          </span>
        ) : (
          <PageLink
            key={p}
            label={String(p)}
            ariaLabel={`Page ${p}`}
            current={p === page}
            href={hrefFor(p)}
            onClick={go(p)}
          />
        ),
      )}
      <PageLink
        label={
          <>
            <span className="max-sm:sr-only">Next</span> <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </>
        }
        disabled={page >= totalPages}
        href={hrefFor(page + 1)}
        onClick={go(page + 1)}
      />
    </nav>
  );
}

function PageLink(props: {
  label: ReactNode;
  href: string;
  onClick: (e: MouseEvent) => void;
  disabled?: boolean;
  current?: boolean;
  ariaLabel?: string;
}) {
  const base =
    'flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg border px-2 text-sm font-medium sm:h-10 sm:min-w-10 sm:px-3';
  if (props.disabled) {
    return (
      <button type="button" disabled className={`${base} cursor-not-allowed border-slate-200 text-slate-400`}>
        {props.label}
      </button>
    );
  }
  return (
    <a
      href={props.href}
      onClick={props.onClick}
      aria-label={props.ariaLabel}
      aria-current={props.current ? 'page' : undefined}
      className={`${base} ${
        props.current
          ? 'border-primary bg-primary text-primary-fg'
          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
      }`}
    >
      {props.label}
    </a>
  );
}
