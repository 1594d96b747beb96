import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  SAVED_SEARCH_NAME_MAX,
  type TAlertFrequency,
} from '../../../api/constants/saved-searches.ts';
import { Button, Input, Select } from '../../components/ui/controls.tsx';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import ConfirmDialog from '../components/ConfirmDialog.tsx';
import Spinner from '../components/Spinner.tsx';

type TList = TApiData<'/api/saved-searches'>;
type TSearch = TList['savedSearches'][number];

/** One saved search: open, rename in place, alert frequency, delete. */
function SearchRow({ s, onChanged, onDelete }: { s: TSearch; onChanged: (s: TSearch) => void; onDelete: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(s.name);
  const [busy, setBusy] = useState(false);

  async function save(patch: { name?: string; frequency?: TAlertFrequency }) {
    setBusy(true);
    const res = await apiFetch(`/api/saved-searches/${s.id}`, { method: 'PATCH', json: patch });
    setBusy(false);
    if (!res.success) {
      notify.error(res.message);
      return false;
    }
    onChanged(res.savedSearch);
    notify.success(res.message);
    return true;
  }

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="saved-search-row">
      <div className="min-w-0 flex-1">
        {renaming ? (
          <form
            className="flex flex-wrap items-center gap-2"
            onSubmit={async (e) => {
              e.preventDefault();
              if (await save({ name })) setRenaming(false);
            }}
          >
            <Input
              aria-label="Name"
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              required
              onChange={(e) => setName(e.target.value)}
              className="min-w-0 flex-1"
            />
            <Button type="submit" disabled={busy}>
              Save
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setName(s.name);
                setRenaming(false);
              }}
            >
              Cancel
            </Button>
          </form>
        ) : (
          <Link
            to={`/saved-searches/${s.id}`}
            className="font-semibold text-slate-900 hover:text-primary-ink hover:underline"
          >
            {s.name}
          </Link>
        )}
        <p className="mt-1 text-sm text-slate-600">
          {s.newCount > 0 ? (
            <span className="mr-2 inline-flex rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary-ink">
              {s.newCount} new since your last visit
            </span>
          ) : (
            <span className="mr-2 text-slate-500">Nothing new since your last visit</span>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`alerts-${s.id}`} className="text-sm text-slate-600">
          Alerts
        </label>
        <div className="w-40">
          <Select
            id={`alerts-${s.id}`}
            value={s.frequency}
            disabled={busy}
            onChange={(e) => void save({ frequency: e.target.value as TAlertFrequency })}
          >
            {ALERT_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {ALERT_FREQUENCY_LABELS[f]}
              </option>
            ))}
          </Select>
        </div>
        {!renaming && (
          <Button variant="secondary" onClick={() => setRenaming(true)}>
            Rename
          </Button>
        )}
        <Button variant="secondary" onClick={onDelete} aria-label={`Delete ${s.name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** The signed-in user's saved searches (docs/SCREENS.md, Saved searches). */
export default function SavedSearches() {
  const [data, setData] = useState<TList | null>(null);
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState<TSearch | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const res = await apiFetch('/api/saved-searches');
    if (res.success) setData(res);
    else setError(res.message);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const replace = (next: TSearch) =>
    setData((d) => d && { ...d, savedSearches: d.savedSearches.map((s) => (s.id === next.id ? next : s)) });

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    const res = await apiFetch(`/api/saved-searches/${deleting.id}`, { method: 'DELETE' });
    setBusy(false);
    if (!res.success) notify.error(res.message);
    else {
      notify.success(res.message);
      setData((d) => d && { ...d, savedSearches: d.savedSearches.filter((s) => s.id !== deleting.id) });
    }
    setDeleting(null);
  }

  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold text-slate-900">Saved searches</h2>
        {data && (
          <p className="text-sm text-slate-500">
            {data.savedSearches.length} of {data.max}
          </p>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        We mail you when new ads match a saved search: at once, in one daily digest, or not at all.
      </p>
      {error && <p className="mt-4 text-sm text-red-700">{error}</p>}
      {!data && !error && <Spinner />}
      {data && data.savedSearches.length === 0 && (
        <p className="mt-6 rounded-lg bg-slate-50 p-6 text-center text-slate-600">
          No saved searches yet. Search the ads on the{' '}
          <a href="/" className="font-medium text-primary-ink underline">
            home page
          </a>{' '}
          and choose “Save this search”.
        </p>
      )}
      {data && data.savedSearches.length > 0 && (
        <ul
          className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          aria-label="Saved searches"
        >
          {data.savedSearches.map((s) => (
            <SearchRow key={s.id} s={s} onChanged={replace} onDelete={() => setDeleting(s)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this saved search?"
        message={`“${deleting?.name ?? ''}” and its alerts will be deleted.`}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
