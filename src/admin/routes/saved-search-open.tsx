import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import AdCard from '../../components/ads/AdCard.tsx';
import { buttonClass } from '../../components/ui/classes.ts';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import Spinner from '../components/Spinner.tsx';

type TOpened = TApiData<'/api/saved-searches/{id}/view', 'POST'>;

/**
 * One saved search, opened: what is new since the last visit (opening marks it seen), and
 * the link to all its results on the home page.
 */
export default function SavedSearchOpen() {
  const { id } = useParams();
  const [data, setData] = useState<TOpened | null>(null);
  const [error, setError] = useState('');
  const opened = useRef(false);

  useEffect(() => {
    // Once per visit: a second call would find nothing new (the first marked it seen).
    if (opened.current) return;
    opened.current = true;
    void apiFetch(`/api/saved-searches/${Number(id)}/view`, { method: 'POST' }).then((res) => {
      if (res.success) setData(res);
      else setError(res.message);
    });
  }, [id]);

  const now = Date.now();
  return (
    <div>
      <p className="text-sm">
        <Link to="/saved-searches" className="font-medium text-primary-ink hover:underline">
          ← Saved searches
        </Link>
      </p>
      {error && <p className="mt-4 text-sm text-red-700">{error}</p>}
      {!data && !error && <Spinner />}
      {data && (
        <>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-xl font-semibold text-slate-900">{data.savedSearch.name}</h2>
            <a href={data.savedSearch.href} className={buttonClass('primary')}>
              See all results
            </a>
          </div>
          <p className="mt-2 text-slate-700" data-testid="new-since">
            {data.newCount === 1 ? '1 new ad' : `${data.newCount} new ads`} since your last visit
          </p>
          {data.newAds.length > 0 ? (
            <ul className="mt-4 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
              {data.newAds.map((ad) => (
                <li key={ad.id} className="flex">
                  <div className="w-full">
                    <AdCard ad={ad} now={now} />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-6 rounded-lg bg-slate-50 p-6 text-center text-slate-600">
              No new ads on offer right now. “See all results” shows everything this search finds.
            </p>
          )}
        </>
      )}
    </div>
  );
}
