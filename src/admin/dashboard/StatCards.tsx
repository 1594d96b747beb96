import { Link } from 'react-router';

/** One figure of the dashboard: its label, the number (null while loading) and where it leads. */
export type TStatCard = {
  key: string;
  label: string;
  value: number | null;
  to?: string;
  note?: string;
  alert?: boolean;
};

/**
 * The dashboard's figures as a grid of cards; a card with somewhere to go is a link to the
 * screen that deals with it (the moderation queue, the inbox…), read as "label, number".
 */
export default function StatCards({ cards, label }: { cards: TStatCard[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((c) => {
        const body = (
          <>
            <span className="block text-xs font-medium uppercase tracking-wide text-slate-600">{c.label}</span>
            <span
              className={`mt-1 block text-2xl font-semibold tabular-nums ${c.alert && c.value ? 'text-red-700' : 'text-slate-900'}`}
              data-testid={`stat-${c.key}`}
            >
              {c.value ?? '…'}
            </span>
            {c.note && <span className="mt-0.5 block text-xs text-slate-600">{c.note}</span>}
          </>
        );
        const look = 'block h-full rounded-lg border border-slate-200 bg-white p-3';
        return (
          <li key={c.key}>
            {c.to ? (
              <Link to={c.to} className={`${look} hover:border-primary hover:bg-slate-50`}>
                {body}
              </Link>
            ) : (
              <div className={look}>{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
