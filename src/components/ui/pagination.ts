/**
 * Page arithmetic shared by the admin tables' pager and the public ad browser's page links,
 * so "which rows is this page" and "which page numbers to offer" have one answer.
 * Pages are numbered from 1.
 */

/** The first and last row numbers a page shows ("11–20 of 134"); `shown` is how many rows it holds, when known. */
export function pageSpan({
  page,
  pageSize,
  total,
  shown,
}: {
  page: number;
  pageSize: number;
  total: number;
  shown?: number;
}): { from: number; to: number } {
  const start = (page - 1) * pageSize + 1;
  const from = Math.min(total, start);
  const to = Math.min(total, shown === undefined ? page * pageSize : start + shown - 1);
  return { from, to };
}

/** Page numbers with gaps: 1 … 4 5 6 … 20 (a gap of one page shows that page instead). */
export function pageItems(page: number, totalPages: number): (number | 'gap')[] {
  const set = new Set([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...set].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(p - sorted[i - 1] === 2 ? p - 1 : 'gap');
    out.push(p);
  });
  return out;
}

/** Counts read '1–5 of 100,040' rather than '100040'. */
export const formatCount = (n: number) => countFormat.format(n);
const countFormat = new Intl.NumberFormat('en-US');
