import type { ReactNode } from 'react';

/** One card of the account page: a heading, an optional line under it, its content. */
export default function Section({
  title,
  intro,
  children,
  danger = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  danger?: boolean;
}) {
  const id = `account-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border bg-white p-5 shadow-sm ${danger ? 'border-red-200' : 'border-slate-200'}`}
    >
      <h3 id={id} className={`text-base font-semibold ${danger ? 'text-red-700' : 'text-slate-900'}`}>
        {title}
      </h3>
      {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
