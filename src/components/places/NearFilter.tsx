import * as locateIcon from 'lucide-react/icons/locate-fixed';
import { useId, useState } from 'react';
import { NEAR_RADIUS_CHOICES, NEAR_RADIUS_DEFAULT_KM } from '../../../api/constants/places.ts';
import { notify } from '../../lib/toast.ts';
import { controlClass } from '../ui/classes.ts';
import { glyph } from '../ui/glyph.tsx';
import PlacePicker, { type TPickedPlace } from './PlacePicker.tsx';

const Locate = glyph(locateIcon);

/** What the filter holds: near a place id or "lat,lon" ('' for anywhere), its label, the radius ('' for 25). */
export type TNearValue = { near: string; nearLabel: string; radius: string };

export const YOUR_LOCATION = 'Your location';
export const LOCATION_UNAVAILABLE = 'Your location is not available. Allow it in the browser, or choose a place.';

/** The picker's value for a near filter: a place, or the browser's position under its own label. */
function picked(v: TNearValue): TPickedPlace | null {
  if (!v.near) return null;
  if (/^\d+$/.test(v.near)) return { id: Number(v.near), label: v.nearLabel || 'Chosen place' };
  return { id: 0, label: v.nearLabel || YOUR_LOCATION };
}

/**
 * "Near" on the Browse Ads List: a place (the place picker), a radius, and "Use my
 * location", which asks the browser for its position only when clicked (4 decimals, about
 * 10 m, are kept in the address).
 */
export default function NearFilter({ value, onChange }: { value: TNearValue; onChange: (v: TNearValue) => void }) {
  const ids = useId();
  const [locating, setLocating] = useState(false);
  const locate = () => {
    if (!('geolocation' in navigator)) {
      notify.error(LOCATION_UNAVAILABLE);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        const r = (n: number) => Math.round(n * 10_000) / 10_000;
        onChange({ ...value, near: `${r(pos.coords.latitude)},${r(pos.coords.longitude)}`, nearLabel: YOUR_LOCATION });
      },
      () => {
        setLocating(false);
        notify.error(LOCATION_UNAVAILABLE);
      },
      { maximumAge: 600_000, timeout: 15_000 },
    );
  };
  return (
    <section aria-labelledby={`${ids}-near`} className="space-y-3">
      <h2 id={`${ids}-near`} className="text-sm font-semibold text-slate-900">
        Location
      </h2>
      <PlacePicker
        label="Near"
        placeholder="City or town"
        value={picked(value)}
        onChange={(p) => onChange({ ...value, near: p ? String(p.id) : '', nearLabel: p?.label ?? '' })}
      />
      <div className="flex items-end gap-2">
        <label className="flex-1 text-sm font-medium text-slate-700">
          Radius
          <select
            className={controlClass('compact', 'mt-1.5 w-full')}
            value={value.radius || String(NEAR_RADIUS_DEFAULT_KM)}
            onChange={(e) => onChange({ ...value, radius: e.target.value })}
          >
            {NEAR_RADIUS_CHOICES.map((km) => (
              <option key={km} value={km}>
                {km} km
              </option>
            ))}
          </select>
        </label>
      </div>
      <button
        type="button"
        onClick={locate}
        disabled={locating}
        className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
      >
        <Locate className="h-4 w-4" aria-hidden="true" />
        {locating ? 'Finding you…' : 'Use my location'}
      </button>
    </section>
  );
}
