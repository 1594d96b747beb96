import { useEffect, useState } from 'react';
import PlacePicker, { type TPickedPlace } from '../../components/places/PlacePicker.tsx';

const LAST_PLACE_KEY = 'marketplace:last-ad-place';

/** The place this browser last posted or saved an ad at, offered first on the next form. */
export function rememberAdPlace(place: TPickedPlace | null) {
  if (!place) return;
  try {
    localStorage.setItem(LAST_PLACE_KEY, JSON.stringify({ id: place.id, label: place.label }));
  } catch {
    // Storage may be off (private mode): the picker simply offers nothing first.
  }
}

function lastAdPlace(): TPickedPlace | null {
  try {
    const v = JSON.parse(localStorage.getItem(LAST_PLACE_KEY) ?? 'null') as TPickedPlace | null;
    return v && typeof v.id === 'number' && typeof v.label === 'string' ? v : null;
  } catch {
    return null;
  }
}

/**
 * The ad form's Place: the place picker, the seller's last place offered first. Choosing a
 * place fills Location with its label unless the seller typed their own text there.
 */
export default function AdPlaceField({
  value,
  onChange,
  location,
  setLocation,
}: {
  value: TPickedPlace | null;
  onChange: (place: TPickedPlace | null) => void;
  location: string;
  setLocation: (text: string) => void;
}) {
  const [offered, setOffered] = useState<TPickedPlace[]>([]);
  useEffect(() => {
    const last = lastAdPlace();
    setOffered(last ? [last] : []);
  }, []);
  return (
    <PlacePicker
      label="Place"
      placeholder="City or town"
      value={value}
      offered={offered}
      onChange={(place) => {
        const typedOwn = location.trim() !== '' && location.trim() !== (value?.label ?? '');
        if (place && !typedOwn) setLocation(place.label);
        onChange(place);
      }}
    />
  );
}
