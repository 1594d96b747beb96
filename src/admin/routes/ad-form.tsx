import { ArrowLeft, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { EXPIRY_REMINDER_DAYS } from '../../../api/constants/ad-states.ts';
import { FIELD_MAX } from '../../../api/constants/field-limits.ts';
import { uploadUrl } from '../../../api/lib/image-urls.ts';
import { MAX_FEATURE_LENGTH, ZAdForm } from '../../../api/schemas/ad.ts';
import { buttonClass } from '../../components/ui/classes.ts';
import { Button, Input, Select } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { FieldError } from '../../components/ui/field-errors.tsx';
import { useSchemaForm } from '../../components/ui/schema-form.ts';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import { createSubmissionKeys } from '../../lib/submission-key.ts';
import { notify } from '../../lib/toast.ts';
import AdPlaceField, { rememberAdPlace } from '../components/AdPlaceField.tsx';
import { FormShell } from '../components/form.tsx';
import ImageDrop, { type TExistingImage } from '../components/ImageDrop.tsx';
import { useReturnTo } from '../components/list-return.ts';
import RichTextEditor from '../components/RichTextEditor.tsx';
import Spinner from '../components/Spinner.tsx';
import { adToValues, EMPTY, galleryNames, type TValues } from './ad-form-values.ts';

type TCategory = NonNullable<TApiData<'/api/get-settings'>['data'][number]['categories']>[number];
type TLimit = Omit<TApiData<'/api/get-limit'>, 'success'>;

/**
 * 'Add Advertisement' (no id: title 'Add Advertisment', button 'Create Ads') and 'Edit
 * Advertisement' (id: loaded by id, button 'Save Ads'). One component for both. Checks run
 * through the shared ZAdForm, so the toasts follow the schema's field order.
 */
export default function AdForm() {
  const { id } = useParams();
  const isEdit = id !== undefined;
  const navigate = useNavigate();
  const listTo = useReturnTo('/ads');
  const ids = { heading: useId(), category: useId(), price: useId(), rating: useId(), location: useId() };
  const descriptionId = useId();
  const featuredNoteId = useId();
  const { form, submit, failed, errors } = useSchemaForm<TValues>({ defaults: EMPTY, schema: ZAdForm });
  const features = useFieldArray({ control: form.control, name: 'features' });

  const [categories, setCategories] = useState<TCategory[]>([]);
  const [limit, setLimit] = useState<TLimit | null>(null);
  const [image, setImage] = useState<File[]>([]);
  const [gallery, setGallery] = useState<File[]>([]);
  const [currentImage, setCurrentImage] = useState<string>('');
  const [existing, setExisting] = useState<string[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [loading, setLoading] = useState(isEdit);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // An ad featured earlier keeps its placement whatever the plan says now.
  const [wasFeatured, setWasFeatured] = useState(false);

  /** The caller's plan limits (GET /api/get-limit); `live` false: the form has gone meanwhile. */
  const reloadLimit = async (live: () => boolean = () => true) => {
    const res = await apiFetch('/api/get-limit');
    if (!live()) return;
    if (res.success)
      setLimit({
        photolimit: res.photolimit,
        adsPerDay: res.adsPerDay,
        adsLeftToday: res.adsLeftToday,
        resetsAt: res.resetsAt,
        featured: res.featured,
        expiryDays: res.expiryDays,
      });
    else notify.error(res.error, 'Error');
  };

  // The categories from settings and the caller's photo limit (GET /api/get-limit), both
  // fetched when the form opens; a failure is an Error toast with the server's text.
  useEffect(() => {
    let live = true;
    void apiFetch('/api/get-settings').then((res) => {
      if (!live) return;
      if (res.success) setCategories(res.data[0]?.categories ?? []);
      else notify.error(res.error, 'Error');
    });
    void reloadLimit(() => live);
    return () => {
      live = false;
    };
  }, []);

  // A select shows its value only once that option exists: when the categories arrive after
  // the ad was loaded into the form, put the ad's category back on the select.
  useEffect(() => {
    if (categories.length) form.setValue('category', form.getValues('category'));
  }, [categories, form]);

  useEffect(() => {
    if (!isEdit) return;
    let live = true;
    setLoading(true);
    void apiFetch(`/api/ads/${encodeURIComponent(id)}`).then((res) => {
      if (!live) return;
      if (!res.success) {
        setLoadError(res.message);
        notify.error(res.message);
        setLoading(false);
        return;
      }
      const ad = res.adsData;
      form.reset(adToValues(ad));
      setWasFeatured(ad.make_as_featured === 'Y');
      setCurrentImage(ad.image);
      setExisting(galleryNames(ad));
      setRemoved([]);
      setImage([]);
      setGallery([]);
      setLoadError(null);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [id, isEdit]);

  const featureLocked = limit?.featured === false && !wasFeatured;
  // The daily limit is reached: a new ad cannot be posted until resetsAt (editing is not limited).
  const atLimit = !isEdit && limit?.adsLeftToday === 0;
  const photolimit = limit?.photolimit;
  const room = photolimit === undefined ? undefined : Math.max(0, photolimit - existing.length);
  const existingImages: TExistingImage[] = existing.map((name) => ({ name, url: uploadUrl(name, 400) }));

  // The same values sent again after a failure reuse the key: the retry cannot post twice.
  const [submissions] = useState(createSubmissionKeys);
  const onSubmit = submit(async (values) => {
    const body = new FormData();
    if (isEdit) body.append('id', id);
    body.append('heading', values.heading.trim());
    body.append('description', values.description);
    body.append('category', values.category);
    body.append('price', values.price.trim());
    body.append('rating', values.rating);
    body.append('location', values.location.trim());
    // No place on a new ad: the server finds the one the location names, if any.
    if (values.place || isEdit) body.append('place_id', values.place ? String(values.place.id) : '');
    const feats = values.features.map((f) => f.value.trim()).filter(Boolean);
    body.append('features', feats.length ? JSON.stringify(feats.map((value, i) => ({ id: i + 1, value }))) : '');
    body.append('make_as_featured', values.featured ? 'Y' : 'N');
    if (image[0]) body.append('image', image[0]);
    for (const g of room === undefined ? gallery : gallery.slice(0, room)) body.append('gallery[]', g);
    if (isEdit) {
      body.append('esitingGalleryImages', JSON.stringify(existing));
      body.append('removedGalleryImages', JSON.stringify(removed));
    }
    setBusy(true);
    const res = await apiFetch(isEdit ? '/api/ads/update' : '/api/ads/add', {
      method: 'POST',
      body,
      idempotencyKey: submissions.keyFor(body),
    });
    setBusy(false);
    if (!res.success) {
      failed(res, 'Error');
      // Refused because the daily limit was reached meanwhile (another tab): with the limits
      // read again, the form turns off and says when posting opens again.
      void reloadLimit();
      return;
    }
    submissions.succeeded();
    rememberAdPlace(values.place);
    notify.success(String(res.message ?? 'Saved.'), 'Success');
    navigate(listTo);
  });

  const title = isEdit ? 'Edit Advertisement' : 'Add Advertisment';
  const back = (
    <Link to={listTo} className={buttonClass('secondary', 'compact', 'shrink-0 whitespace-nowrap')}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to list
    </Link>
  );

  if (loading) return <Spinner label="Loading the ad…" />;
  if (loadError) {
    return (
      <div className="space-y-4">
        <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {loadError}
        </p>
        {back}
      </div>
    );
  }

  const galleryHint =
    photolimit === undefined
      ? undefined
      : `Your plan allows ${photolimit} gallery ${photolimit === 1 ? 'photo' : 'photos'} per ad${existing.length ? ` (${existing.length} already added)` : ''}.`;

  return (
    <FormShell
      title={title}
      submitLabel={isEdit ? 'Save Ads' : 'Create Ads'}
      busy={busy}
      onSubmit={onSubmit}
      aside={back}
      errors={errors}
      disabled={atLimit}
      notice={
        atLimit && limit ? (
          <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            You have posted {limit.adsPerDay} {limit.adsPerDay === 1 ? 'ad' : 'ads'} today, your plan's daily limit. You
            can post again {limit.resetsAt ? <ResetTime at={limit.resetsAt} /> : 'tomorrow'}, or{' '}
            {/* The public membership page, outside the admin app. */}
            <a href="/membership" className="font-medium underline">
              upgrade your membership
            </a>
            .
          </p>
        ) : undefined
      }
    >
      {limit && (
        <p className="text-sm text-slate-600">
          {isEdit
            ? `Ads on your plan stay up for ${limit.expiryDays} days; renew one from Advertisements when it is about to expire.`
            : `Your ad stays up for ${limit.expiryDays} days. We email you ${EXPIRY_REMINDER_DAYS} days before it expires, with a link to renew it.`}
        </p>
      )}
      <ImageDrop
        label="Ad image"
        files={image}
        onFilesChange={setImage}
        existing={currentImage ? [{ name: currentImage, url: uploadUrl(currentImage, 400) }] : []}
      />
      <Field label="Heading" htmlFor={ids.heading}>
        <Input id={ids.heading} type="text" maxLength={FIELD_MAX.adHeading} {...form.register('heading')} />
      </Field>
      <Field label="Category" htmlFor={ids.category}>
        <Select id={ids.category} {...form.register('category')}>
          <option value="">Select any one</option>
          {categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <div className="space-y-1.5">
        <span id={descriptionId} className="block text-sm font-medium text-slate-700">
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
        <FieldError controlId={descriptionId} field="description" message={errors.message('description')} />
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label="Price" htmlFor={ids.price}>
          <div className="relative">
            <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500">
              $
            </span>
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
      <ImageDrop
        label="Gallery images"
        multiple
        max={room}
        files={gallery}
        onFilesChange={setGallery}
        existing={existingImages}
        onRemoveExisting={(name) => {
          setExisting((list) => list.filter((n) => n !== name));
          setRemoved((list) => [...list, name]);
        }}
        hint={galleryHint}
      />
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
      <div>
        <label
          className={`flex items-center gap-2 text-sm font-medium ${featureLocked ? 'text-slate-500' : 'text-slate-700'}`}
        >
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 accent-primary disabled:cursor-not-allowed"
            disabled={featureLocked}
            aria-describedby={featureLocked ? featuredNoteId : undefined}
            {...form.register('featured')}
          />
          Mark as Featured ads
        </label>
        {featureLocked && (
          <p id={featuredNoteId} className="mt-1 text-sm text-slate-600">
            Featured placement is not part of your plan.{' '}
            <a href="/membership" className="font-medium text-primary underline">
              See the membership plans
            </a>
          </p>
        )}
      </div>
    </FormShell>
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
