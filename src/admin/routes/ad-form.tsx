import { ArrowLeft } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EXPIRY_REMINDER_DAYS } from '../../../api/constants/ad-states.ts';
import { FIELD_MAX } from '../../../api/constants/field-limits.ts';
import { uploadUrl } from '../../../api/lib/image-urls.ts';
import { ZAdForm } from '../../../api/schemas/ad.ts';
import { buttonClass } from '../../components/ui/classes.ts';
import { Input, Select } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { useSchemaForm } from '../../components/ui/schema-form.ts';
import { apiFetch } from '../../lib/api.ts';
import { createSubmissionKeys } from '../../lib/submission-key.ts';
import { notify } from '../../lib/toast.ts';
import { rememberAdPlace } from '../components/AdPlaceField.tsx';
import { FormShell } from '../components/form.tsx';
import ImageDrop, { type TExistingImage } from '../components/ImageDrop.tsx';
import { useReturnTo } from '../components/list-return.ts';
import Spinner from '../components/Spinner.tsx';
import {
  AdFeatures,
  DailyLimitNotice,
  DescriptionEditor,
  FeaturedCheckbox,
  PriceRatingPlace,
} from './ad-form-parts.tsx';
import { adFormBody, EMPTY, type TValues } from './ad-form-values.ts';
import { useAdFormData } from './use-ad-form-data.ts';

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
  const ids = { heading: useId(), category: useId() };
  const { form, submit, failed, errors } = useSchemaForm<TValues>({ defaults: EMPTY, schema: ZAdForm });
  const data = useAdFormData(id, form);
  const { limit, existing } = data;
  const [busy, setBusy] = useState(false);

  const featureLocked = limit?.featured === false && !data.wasFeatured;
  // The daily limit is reached: a new ad cannot be posted until resetsAt (editing is not limited).
  const atLimit = !isEdit && limit?.adsLeftToday === 0;
  const photolimit = limit?.photolimit;
  const room = photolimit === undefined ? undefined : Math.max(0, photolimit - existing.length);
  const existingImages: TExistingImage[] = existing.map((name) => ({ name, url: uploadUrl(name, 400) }));

  // The same values sent again after a failure reuse the key: the retry cannot post twice.
  const [submissions] = useState(createSubmissionKeys);
  const onSubmit = submit(async (values) => {
    const body = adFormBody(values, {
      id,
      image: data.image[0],
      gallery: room === undefined ? data.gallery : data.gallery.slice(0, room),
      existing,
      removed: data.removed,
    });
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
      void data.reloadLimit();
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

  if (data.loading) return <Spinner label="Loading the ad…" />;
  if (data.loadError) {
    return (
      <div className="space-y-4">
        <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {data.loadError}
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
      notice={atLimit && limit ? <DailyLimitNotice limit={limit} /> : undefined}
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
        files={data.image}
        onFilesChange={data.setImage}
        existing={data.currentImage ? [{ name: data.currentImage, url: uploadUrl(data.currentImage, 400) }] : []}
      />
      <Field label="Heading" htmlFor={ids.heading}>
        <Input id={ids.heading} type="text" maxLength={FIELD_MAX.adHeading} {...form.register('heading')} />
      </Field>
      <Field label="Category" htmlFor={ids.category}>
        <Select id={ids.category} {...form.register('category')}>
          <option value="">Select any one</option>
          {data.categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <DescriptionEditor form={form} message={errors.message('description')} />
      <PriceRatingPlace form={form} />
      <ImageDrop
        label="Gallery images"
        multiple
        max={room}
        files={data.gallery}
        onFilesChange={data.setGallery}
        existing={existingImages}
        onRemoveExisting={data.removeExisting}
        hint={galleryHint}
      />
      <AdFeatures form={form} />
      <FeaturedCheckbox form={form} locked={featureLocked} />
    </FormShell>
  );
}
