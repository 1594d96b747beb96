import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { uploadUrl } from '../../../api/lib/image-urls.ts';
import { ZSettingsUpdate } from '../../../api/schemas/settings.ts';
import { Button, Input, Textarea } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { ErrorsForm } from '../../components/ui/field-errors.tsx';
import { useSchemaForm } from '../../components/ui/schema-form.ts';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import ImageDrop from '../components/ImageDrop.tsx';
import RichTextField from '../components/RichTextField.tsx';
import Spinner from '../components/Spinner.tsx';

const AD_SLOTS = [
  { key: 'homepageleftsideads', link: 'homepageleftsideadslink', label: 'Homepage left side ad' },
  { key: 'homepagetopheaderAds', link: 'homepagetopheaderAdslink', label: 'Homepage top header ad' },
  { key: 'adsdetailspageads', link: 'adsdetailspageadslink', label: 'Ad details page ad' },
  { key: 'footerads', link: 'footeradslink', label: 'Footer ad' },
] as const;

const PLANS = [
  { label: 'Free', ads: 'freenumberads', photos: 'freenumberphotoAds' },
  { label: 'Gold', ads: 'goldnumberads', photos: 'goldnumberphotoAds' },
  { label: 'Platinum', ads: 'platinumnumberads', photos: 'platinumnumberphotoAds' },
] as const;

type TNumberKey = (typeof PLANS)[number]['ads' | 'photos'];
type TSlotKey = (typeof AD_SLOTS)[number]['key' | 'link'];

/** The settings as GET /api/settings answers them. */
type TSettings = TApiData<'/api/settings'>['data'];

type TSettingsValues = {
  email: string;
  address: string;
  phone: string;
  working_hours: string;
  copyright: string;
  footer_shortdescription: string;
  socialLinks: { icon: string; url: string }[];
  primaryColor: string;
  secondaryColor: string;
} & Record<TSlotKey, string> &
  Record<TNumberKey, string>;

function toValues(s: TSettings): TSettingsValues {
  const values = {
    email: s.email,
    address: s.address,
    phone: s.phone,
    working_hours: s.working_hours,
    copyright: s.copyright,
    footer_shortdescription: s.footer_shortdescription,
    socialLinks: s.socialLinks.map((l) => ({ icon: l.icon, url: l.url })),
    primaryColor: s.primaryColor,
    secondaryColor: s.secondaryColor,
  } as TSettingsValues;
  for (const slot of AD_SLOTS) {
    values[slot.key] = s[slot.key];
    values[slot.link] = s[slot.link];
  }
  for (const plan of PLANS) {
    values[plan.ads] = String(s[plan.ads]);
    values[plan.photos] = String(s[plan.photos]);
  }
  return values;
}

/** The multipart text fields of POST /api/update-settings (socialLinks as JSON text). */
function toFields(v: TSettingsValues): Record<string, string> {
  const { socialLinks, ...rest } = v;
  const links = socialLinks.filter((l) => l.icon.trim() || l.url.trim());
  return { ...rest, socialLinks: JSON.stringify(links) };
}

/** Settings Options (docs/SCREENS.md). */
export default function Settings() {
  const { form, submit, errors, failed } = useSchemaForm<TSettingsValues>({
    schema: ZSettingsUpdate,
    toCheck: toFields,
    mode: 'onTouched',
  });
  const { register, control, reset, watch, formState } = form;
  const links = useFieldArray({ control, name: 'socialLinks' });
  const [loaded, setLoaded] = useState<'loading' | 'ok' | string>('loading');
  const [logo, setLogo] = useState('');
  const [logoFile, setLogoFile] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void apiFetch('/api/settings').then((res) => {
      if (!live) return;
      if (res.success) {
        reset(toValues(res.data));
        setLogo(res.data.logo);
        setLoaded('ok');
      } else {
        notify.error(res.message);
        setLoaded(res.message);
      }
    });
    return () => {
      live = false;
    };
  }, [reset]);

  const values = watch();
  const check = loaded === 'ok' ? ZSettingsUpdate.safeParse(toFields(values)) : null;
  const emailOk = ZSettingsUpdate.shape.email.safeParse(values.email ?? '').success;
  const showEmailError = !emailOk && !!(formState.touchedFields.email || formState.isSubmitted);
  // Save Settings is off while the form is invalid; the first problem not already shown under
  // its field is named beside the button, so a disabled button always says why.
  const invalid = !!check && !check.success;
  const otherIssue = invalid
    ? check.error.issues.find((i) => i.path[0] !== 'email' || !showEmailError)?.message
    : undefined;

  const onSubmit = submit(async (v) => {
    const body = new FormData();
    for (const [k, val] of Object.entries(toFields(v))) body.append(k, val);
    if (logoFile[0]) body.append('logo', logoFile[0]);
    setBusy(true);
    const res = await apiFetch('/api/update-settings', { method: 'POST', body });
    setBusy(false);
    if (!res.success) {
      failed({ ...res, error: res.message });
      return;
    }
    notify.success(String(res.message));
    reset(toValues(res.data));
    setLogo(res.data.logo);
    setLogoFile([]);
  });

  if (loaded === 'loading') return <Spinner label="Loading settings…" />;
  if (loaded !== 'ok') {
    return (
      <div className="space-y-4">
        <h2 className="text-xl font-semibold text-slate-900">Settings Options</h2>
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {loaded}
        </p>
      </div>
    );
  }

  const section = 'space-y-5 border-t border-slate-200 pt-6';
  const sectionTitle = 'text-base font-semibold text-slate-900';
  return (
    <ErrorsForm errors={errors} onSubmit={onSubmit} className="space-y-6">
      <h2 className="text-xl font-semibold text-slate-900">Settings Options</h2>

      <div className="space-y-5">
        <ImageDrop
          label="Logo"
          files={logoFile}
          onFilesChange={setLogoFile}
          existing={logo ? [{ name: logo, url: uploadUrl(logo, 400) }] : []}
          hint="Shown in the header and footer."
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Email" htmlFor="settings-email" error={showEmailError ? 'Valid email required.' : undefined}>
            <Input
              id="settings-email"
              type="email"
              className={showEmailError ? 'border-red-500 focus:border-red-500 focus:ring-red-200' : undefined}
              {...register('email')}
            />
          </Field>
          <Field label="Phone" htmlFor="settings-phone">
            <Input id="settings-phone" type="tel" {...register('phone')} />
          </Field>
          <Field label="Address" htmlFor="settings-address">
            <Input id="settings-address" {...register('address')} />
          </Field>
          <Field label="Working hours" htmlFor="settings-hours">
            <Input id="settings-hours" {...register('working_hours')} />
          </Field>
        </div>
        <Field label="Copyright" htmlFor="settings-copyright">
          <Input id="settings-copyright" {...register('copyright')} />
        </Field>
        <RichTextField control={control} name="footer_shortdescription" label="Footer short description" />
      </div>

      <fieldset className={section}>
        <legend className={`${sectionTitle} float-left mb-2 w-full`}>Social links</legend>
        <p className="clear-both text-sm text-slate-500">
          An icon class (for example <code>fa-brands fa-facebook-f</code>) and the page address.
        </p>
        <ul className="space-y-3">
          {links.fields.map((f, i) => (
            <li key={f.id} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
              <Field label={`Icon class ${i + 1}`} htmlFor={`social-icon-${i}`}>
                <Input id={`social-icon-${i}`} {...register(`socialLinks.${i}.icon`)} />
              </Field>
              <Field label={`Url ${i + 1}`} htmlFor={`social-url-${i}`}>
                <Input id={`social-url-${i}`} type="url" placeholder="https://" {...register(`socialLinks.${i}.url`)} />
              </Field>
              <button
                type="button"
                onClick={() => links.remove(i)}
                className="inline-flex h-11 items-center justify-center gap-1 justify-self-start rounded-lg px-3 text-sm font-medium text-red-700 hover:bg-red-50 sm:justify-self-auto md:h-10"
                aria-label={`Remove social link ${i + 1}`}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
              </button>
            </li>
          ))}
        </ul>
        <Button variant="secondary" onClick={() => links.append({ icon: '', url: '' })}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Add social link
        </Button>
      </fieldset>

      <fieldset className={section}>
        <legend className={`${sectionTitle} float-left mb-2 w-full`}>Ad slots</legend>
        <p className="clear-both text-sm text-slate-500">
          HTML shown in each advert slot (leave empty to hide it) and where a click on it goes.
        </p>
        <div className="grid gap-6 lg:grid-cols-2">
          {AD_SLOTS.map((slot) => (
            <div key={slot.key} className="space-y-3 rounded-lg border border-slate-200 p-4">
              <Field label={`${slot.label} HTML`} htmlFor={`slot-${slot.key}`}>
                <Textarea
                  id={`slot-${slot.key}`}
                  rows={4}
                  spellCheck={false}
                  className="font-mono text-xs"
                  {...register(slot.key)}
                />
              </Field>
              <Field label={`${slot.label} link`} htmlFor={`slot-${slot.link}`}>
                <Input id={`slot-${slot.link}`} type="url" placeholder="https://" {...register(slot.link)} />
              </Field>
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset className={section}>
        <legend className={`${sectionTitle} float-left mb-2 w-full`}>Plan limits</legend>
        <div className="clear-both grid gap-4 sm:grid-cols-3">
          {PLANS.map((plan) => (
            <div key={plan.label} className="space-y-3 rounded-lg border border-slate-200 p-4">
              <h4 className="font-semibold text-slate-800">{plan.label}</h4>
              <Field label="Number of ads per day" htmlFor={`plan-${plan.ads}`}>
                <Input
                  id={`plan-${plan.ads}`}
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  {...register(plan.ads)}
                />
              </Field>
              <Field label="Number of photos per ad" htmlFor={`plan-${plan.photos}`}>
                <Input
                  id={`plan-${plan.photos}`}
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  {...register(plan.photos)}
                />
              </Field>
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset className={section}>
        <legend className={`${sectionTitle} float-left mb-2 w-full`}>Theme colours</legend>
        <div className="clear-both grid gap-5 sm:grid-cols-2">
          {(['primaryColor', 'secondaryColor'] as const).map((key) => (
            <Field
              key={key}
              label={key === 'primaryColor' ? 'Primary colour' : 'Secondary colour'}
              htmlFor={`colour-${key}`}
            >
              <div className="flex items-center gap-3">
                <input
                  id={`colour-${key}`}
                  type="color"
                  className="h-10 w-14 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
                  {...register(key)}
                />
                <span className="font-mono text-sm text-slate-600">{values[key]}</span>
              </div>
            </Field>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6">
        <Button type="submit" disabled={busy || invalid} aria-describedby={otherIssue ? 'settings-problem' : undefined}>
          {busy && (
            <span
              className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              aria-hidden="true"
            />
          )}
          Save Settings
        </Button>
        {otherIssue && (
          <p id="settings-problem" className="text-sm text-red-700" role="status">
            {otherIssue}
          </p>
        )}
      </div>
    </ErrorsForm>
  );
}
