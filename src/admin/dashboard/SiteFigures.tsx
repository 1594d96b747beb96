import { useEffect, useState } from 'react';
import { apiFetch, type TApiData, type TApiPath } from '../../lib/api.ts';
import NewAdsChart from './NewAdsChart.tsx';
import StatCards, { type TStatCard } from './StatCards.tsx';

type TSiteStats = TApiData<'/api/admin/dashboard-stats'>['stats'];
type TMyStats = TApiData<'/api/my-dashboard-stats'>['stats'];

/** Loads one figures answer once; its error text when it fails. */
function useStats<T>(path: TApiPath) {
  const [stats, setStats] = useState<T | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const abort = new AbortController();
    void apiFetch<TApiPath>(path, { signal: abort.signal }).then((res) => {
      if (abort.signal.aborted) return;
      if (res.success) setStats((res as unknown as { stats: T }).stats);
      else setError(res.message);
    });
    return () => abort.abort();
  }, [path]);
  return { stats, error };
}

function Section({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={id} className="font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-1 mb-3 text-sm text-slate-600">{text}</p>
      {children}
    </section>
  );
}

/** The admin's view of the whole site (GET /api/admin/dashboard-stats), every figure counted now. */
export function SiteFigures() {
  const { stats: s, error } = useStats<TSiteStats>('/api/admin/dashboard-stats');
  const v = (n: number | undefined) => (s ? (n ?? 0) : null);
  const m = s?.moderation;
  const cards: TStatCard[] = [
    { key: 'live-ads', label: 'Ads live', value: v(s?.liveAds), to: '/ads', note: 'Active or reserved' },
    { key: 'new-ads', label: 'New ads this week', value: v(s?.newAdsThisWeek), note: 'Posted in the last 7 days' },
    { key: 'users', label: 'Users', value: v(s?.users), to: '/users' },
    {
      key: 'moderation',
      label: 'Waiting for moderation',
      value: v(m?.total),
      to: '/moderation',
      alert: true,
      note: m
        ? `Held ads ${m.pendingAds}, reported ads ${m.reportedAds}, reported chats ${m.reportedConversations}`
        : undefined,
    },
    { key: 'inbox', label: 'Unread inbox', value: v(s?.unreadInbox), to: '/inbox', alert: true },
    {
      key: 'plan-requests',
      label: 'Plan requests',
      value: v(s?.pendingPlanRequests),
      to: '/plan-requests',
      note: 'Waiting for a decision',
    },
    { key: 'messages', label: 'Your unread messages', value: v(s?.unreadMessages), to: '/messages' },
  ];
  return (
    <Section id="site-heading" title="The site today" text="Counted from the database when this page opened.">
      {error ? (
        <p className="text-sm text-red-700">{error}</p>
      ) : (
        <>
          <StatCards cards={cards} label="Site figures" />
          <h4 className="mt-5 text-sm font-semibold text-slate-900">New ads per day, last 30 days</h4>
          {s ? <NewAdsChart days={s.adsPerDay} /> : <p className="mt-2 text-sm text-slate-600">Loading…</p>}
        </>
      )}
    </Section>
  );
}

/** A signed-in user's own figures (GET /api/my-dashboard-stats). */
export function MyFigures() {
  const { stats: s, error } = useStats<TMyStats>('/api/my-dashboard-stats');
  const v = (n: number | undefined) => (s ? (n ?? 0) : null);
  const cards: TStatCard[] = [
    { key: 'my-live-ads', label: 'Your ads live', value: v(s?.liveAds), to: '/ads', note: 'Seen on the site now' },
    { key: 'my-ads', label: 'All your ads', value: v(s?.allAds), to: '/ads' },
    { key: 'my-unread', label: 'Unread messages', value: v(s?.unreadMessages), to: '/messages', alert: true },
    { key: 'my-wishlist', label: 'Wishlist', value: v(s?.wishlist), note: 'Ads you saved' },
  ];
  return (
    <Section id="mine-heading" title="Your figures" text="Your ads, messages and saved ads right now.">
      {error ? <p className="text-sm text-red-700">{error}</p> : <StatCards cards={cards} label="Your figures" />}
      <p className="mt-3 text-sm">
        <a href="/wishlist" className="font-medium text-primary-ink underline">
          Open your wishlist
        </a>
      </p>
    </Section>
  );
}
