import { useEffect, useId, useRef, useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import { controlClass, cx } from '../ui/classes.ts';

/** A place as the picker holds it: its id and label ("Richmond, Virginia, US"). */
export type TPickedPlace = { id: number; label: string };

type Props = {
  id?: string;
  /** The visible label of the field. */
  label: string;
  value: TPickedPlace | null;
  onChange: (place: TPickedPlace | null) => void;
  /** Offered first when the field is empty and focused (e.g. the seller's last place). */
  offered?: TPickedPlace[];
  placeholder?: string;
  /** The field's error, shown under it and tied to it (aria-describedby). */
  error?: string;
  className?: string;
};

const WAIT_MS = 150;

/**
 * A place field in the WAI-ARIA combobox pattern: type a few letters, the matching places
 * (GET /api/places, biggest first, typo-tolerant) open below; Up/Down move, Enter chooses,
 * Escape closes, and the field says which option is active (aria-activedescendant). Typing
 * after a choice clears it, so the field never shows a label for a place it does not hold.
 */
export default function PlacePicker({
  id,
  label,
  value,
  onChange,
  offered = [],
  placeholder,
  error,
  className,
}: Props) {
  const own = useId();
  const inputId = id ?? `${own}-input`;
  const listId = `${own}-list`;
  const errorId = `${own}-error`;
  const [text, setText] = useState(value?.label ?? '');
  const [options, setOptions] = useState<TPickedPlace[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A choice made elsewhere (a reset, "Use my location") shows in the field.
  useEffect(() => setText(value?.label ?? ''), [value?.id, value?.label]);

  useEffect(() => {
    const q = text.trim();
    if (!open) return;
    if (!q || q === value?.label) {
      setOptions(offered);
      return;
    }
    const n = ++asked.current;
    const timer = setTimeout(async () => {
      const res = await apiFetch(`/api/places?q=${encodeURIComponent(q)}` as '/api/places');
      if (n !== asked.current || !res.success) return;
      setOptions(res.data.map((p) => ({ id: p.id, label: p.label })));
      setActive(-1);
    }, WAIT_MS);
    return () => clearTimeout(timer);
  }, [text, open, value?.label, offered]);

  const choose = (place: TPickedPlace) => {
    onChange(place);
    setText(place.label);
    setOpen(false);
    setActive(-1);
  };

  const shown = open && options.length > 0;
  return (
    <div className={cx('relative', className)}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder={placeholder}
        value={text}
        className={controlClass('compact', 'w-full')}
        onFocus={() => {
          clearTimeout(closing.current);
          setOpen(true);
        }}
        onBlur={() => {
          closing.current = setTimeout(() => setOpen(false), 120);
        }}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          if (value) onChange(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(options.length - 1, i + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => Math.max(0, i - 1));
          } else if (e.key === 'Enter' && shown) {
            e.preventDefault();
            const pick = options[Math.max(active, 0)];
            if (pick) choose(pick);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!shown}
        className="absolute z-30 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        {options.map((p, i) => (
          <div
            key={p.id}
            id={`${listId}-${i}`}
            role="option"
            // The field keeps the focus (aria-activedescendant); an option is reached by the arrows.
            tabIndex={-1}
            aria-selected={i === active}
            className={cx(
              'cursor-pointer px-3 py-2.5 text-slate-800',
              i === active ? 'bg-primary/10 text-primary-ink' : 'hover:bg-slate-50',
            )}
            // Chosen on mouse down, before the field's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(p);
            }}
          >
            {p.label}
          </div>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
