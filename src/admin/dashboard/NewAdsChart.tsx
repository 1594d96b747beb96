/** One day of the chart: a UTC date (YYYY-MM-DD) and the ads posted that day. */
export type TDayCount = { date: string; count: number };

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const label = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

const WIDTH = 600;
const HEIGHT = 120;

/** The dates written under the chart: today and every week back from it. */
const ticks = (days: TDayCount[]) => days.filter((_, i) => (days.length - 1 - i) % 7 === 0);

/** What the chart says, in words: its text alternative. */
export function chartSummary(days: TDayCount[]): string {
  if (!days.length) return 'No days to show.';
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const most = days.reduce((best, d) => (d.count > best.count ? d : best), days[0]!);
  const range = `${label(days[0]!.date)} to ${label(days.at(-1)!.date)}`;
  if (total === 0) return `No new ads from ${range}.`;
  return `${total} new ${total === 1 ? 'ad' : 'ads'} from ${range}; the most on ${label(most.date)} (${most.count}).`;
}

/**
 * New ads per day as an inline SVG bar chart (no chart library): the bars carry a title each
 * (a tooltip on hover), the image is named by a one-line summary, and the same figures are a
 * table under "Show the figures" for anyone who prefers (or needs) text.
 */
export default function NewAdsChart({ days }: { days: TDayCount[] }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const slot = WIDTH / Math.max(1, days.length);
  const summary = chartSummary(days);
  return (
    <figure className="mt-3">
      <div className="flex gap-2">
        <div
          className="flex h-32 flex-col justify-between text-right text-xs text-slate-600 tabular-nums"
          aria-hidden="true"
        >
          <span>{max}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-32 min-w-0 flex-1 border-b border-slate-300"
          role="img"
          aria-label={`New ads per day, last ${days.length} days. ${summary}`}
          data-testid="new-ads-chart"
        >
          {days.map((d, i) => {
            const h = (d.count / max) * HEIGHT;
            return (
              <rect
                key={d.date}
                x={i * slot + slot * 0.15}
                y={HEIGHT - h}
                width={slot * 0.7}
                height={h}
                className="fill-primary"
              >
                <title>{`${label(d.date)}: ${d.count}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {/* Dates under the bars as text (an SVG scaled to a phone would shrink them to nothing). */}
      <div className="mt-1 flex justify-between pl-6 text-xs text-slate-600" aria-hidden="true">
        {ticks(days).map((d) => (
          <span key={d.date}>{label(d.date)}</span>
        ))}
      </div>
      <figcaption className="mt-1 text-sm text-slate-600" data-testid="new-ads-summary">
        {summary}
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-primary-ink">Show the figures</summary>
        <table className="mt-2 w-full max-w-xs text-left">
          <caption className="sr-only">New ads per day</caption>
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                New ads
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date} className="border-t border-slate-100">
                <th scope="row" className="py-1 font-normal text-slate-700">
                  <time dateTime={d.date}>{label(d.date)}</time>
                </th>
                <td className="py-1 text-right tabular-nums text-slate-900">{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
