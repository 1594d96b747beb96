import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Controller, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { FIELD_MAX } from '../../../api/constants/field-limits.ts';
import { MAX_FEATURE_LENGTH } from '../../../api/schemas/ad.ts';
import { Button, Input, Select } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { FieldError } from '../../components/ui/field-errors.tsx';
import type { TApiData } from '../../lib/api.ts';
import AdPlaceField from '../components/AdPlaceField.tsx';
import RichTextEditor from '../components/RichTextEditor.tsx';
import type { TValues } from './ad-form-values.ts';

type TForm = UseFormReturn<TValues>;
type TLimit = Omit<TApiData<'/api/get-limit'>, 'success'>;

/** The Description label and its editor, with the field's message under it. */
export function DescriptionEditor({ form, message }: { form: TForm; message: string | undefined }) {
  const labelId = useId();
  return (
    <div className="space-y-1.5">
      <span id={labelId} className="block text-sm font-medium text-slate-700">
        Description
      </span>
      <Controller
        control={form.control}
        name="description"
        render={({ field }) => (
          <RichTextEditor
            label="Description"
            value={field.value}
            onChange={field.onChange}
            placeholder="Write your advertisement description here..."
            styling={false}
          />
        )}
      />
      <FieldError controlId={labelId} field="description" message={message} />
    </div>
  );
}

/** Price, Rating, the place picker and Location: one row of three on wide screens. */
export function PriceRatingPlace({ form }: { form: TForm }) {
  const ids = { price: useId(), rating: useId(), location: useId() };
  return (
    <div className="grid gap-5 sm:grid-cols-3">
      <Field label="Price" htmlFor={ids.price}>
        <div className="relative">
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500">$</span>
          <Input
            id={ids.price}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            className="pl-7"
            {...form.register('price')}
          />
        </div>
      </Field>
      <Field label="Rating" htmlFor={ids.rating}>
        <Select id={ids.rating} {...form.register('rating')}>
          <option value="">Select any one</option>
          {[1, 2, 3, 4, 5].map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </Select>
      </Field>
      <Controller
        control={form.control}
        name="place"
        render={({ field }) => (
          <AdPlaceField
            value={field.value}
            onChange={field.onChange}
            location={form.watch('location')}
            setLocation={(text) => form.setValue('location', text, { shouldDirty: true })}
          />
        )}
      />
      <Field label="Location" htmlFor={ids.location}>
        <Input id={ids.location} type="text" maxLength={FIELD_MAX.adLocation} {...form.register('location')} />
      </Field>
    </div>
  );
}

/** 'Ad features': one text row per feature, each with its remove button, and + Add Feature. */
export function AdFeatures({ form }: { form: TForm }) {
  const features = useFieldArray({ control: form.control, name: 'features' });
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">Ad features</legend>
      {features.fields.length === 0 && <p className="text-sm text-slate-500">No features yet.</p>}
      <ul className="space-y-2">
        {features.fields.map((f, i) => (
          <li key={f.id} className="flex items-center gap-2">
            <Input
              type="text"
              placeholder="Enter feature"
              aria-label={`Feature ${i + 1}`}
              maxLength={MAX_FEATURE_LENGTH}
              {...form.register(`features.${i}.value`)}
            />
            <button
              type="button"
              onClick={() => features.remove(i)}
              className="inline-grid h-11 w-11 shrink-0 place-items-center rounded-lg text-red-700 hover:bg-red-50 md:h-9 md:w-9"
              aria-label={`Remove feature ${i + 1}`}
              title="Remove feature"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={() => features.append({ value: '' })}>
        + Add Feature
      </Button>
    </fieldset>
  );
}

/** 'Mark as Featured ads', off with a note and a link to the plans when the plan has no featuring. */
export function FeaturedCheckbox({ form, locked }: { form: TForm; locked: boolean }) {
  const noteId = useId();
  return (
    <div>
      <label className={`flex items-center gap-2 text-sm font-medium ${locked ? 'text-slate-500' : 'text-slate-700'}`}>
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300 accent-primary disabled:cursor-not-allowed"
          disabled={locked}
          aria-describedby={locked ? noteId : undefined}
          {...form.register('featured')}
        />
        Mark as Featured ads
      </label>
      {locked && (
        <p id={noteId} className="mt-1 text-sm text-slate-600">
          Featured placement is not part of your plan.{' '}
          <a href="/membership" className="font-medium text-primary underline">
            See the membership plans
          </a>
        </p>
      )}
    </div>
  );
}

/** The daily limit is reached: when posting opens again, and the way to a bigger plan. */
export function DailyLimitNotice({ limit }: { limit: TLimit }) {
  return (
    <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      You have posted {limit.adsPerDay} {limit.adsPerDay === 1 ? 'ad' : 'ads'} today, your plan's daily limit. You can
      post again {limit.resetsAt ? <ResetTime at={limit.resetsAt} /> : 'tomorrow'}, or{' '}
      {/* The public membership page, outside the admin app. */}
      <a href="/membership" className="font-medium underline">
        upgrade your membership
      </a>
      .
    </p>
  );
}

/** When posting opens again, in the reader's own time zone and words. */
function ResetTime({ at }: { at: string }) {
  const text = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
  return (
    <>
      on <time dateTime={at}>{text}</time>
    </>
  );
}
