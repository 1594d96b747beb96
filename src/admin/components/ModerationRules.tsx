import { useEffect, useState } from 'react';
import { FRAUD_SIGNAL_LABELS, FRAUD_SIGNALS, type TFraudSignal } from '../../../api/constants/fraud.ts';
import { ZModerationSettingsUpdate } from '../../../api/schemas/moderation.ts';
import { Button, Input, Textarea } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { useSchemaForm } from '../../components/ui/schema-form.ts';
import { apiFetch, type TApiData } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';

type TRules = TApiData<'/api/moderation/settings'>['data'];
type TValues = {
  reportThreshold: string;
  reportMinAccountAgeHours: string;
  bannedWords: string;
  premoderateFirstAds: string;
  requireVerifiedToPost: boolean;
  scamPhrases: string;
  fraudHoldScore: string;
  fraudWeights: Record<TFraudSignal, string>;
};
const mapSignals = <A, B>(from: Record<TFraudSignal, A>, f: (v: A) => B) =>
  Object.fromEntries(FRAUD_SIGNALS.map((s) => [s, f(from[s])])) as Record<TFraudSignal, B>;

const toValues = (r: TRules): TValues => ({
  reportThreshold: String(r.reportThreshold),
  reportMinAccountAgeHours: String(r.reportMinAccountAgeHours),
  bannedWords: r.bannedWords,
  premoderateFirstAds: String(r.premoderateFirstAds),
  requireVerifiedToPost: r.requireVerifiedToPost,
  scamPhrases: r.scamPhrases,
  fraudHoldScore: String(r.fraudHoldScore),
  fraudWeights: mapSignals(r.fraudWeights, String),
});
const toBody = (v: TValues) => ({
  reportThreshold: Number(v.reportThreshold),
  reportMinAccountAgeHours: Number(v.reportMinAccountAgeHours),
  bannedWords: v.bannedWords,
  premoderateFirstAds: Number(v.premoderateFirstAds),
  requireVerifiedToPost: v.requireVerifiedToPost,
  scamPhrases: v.scamPhrases,
  fraudHoldScore: Number(v.fraudHoldScore),
  fraudWeights: mapSignals(v.fraudWeights, Number),
});

/**
 * The moderation rules, on the Moderation screen: checked with the API's own schema. The
 * fraud-signal rules (scam phrases, weights, hold score) sit next to the banned words.
 */
export default function ModerationRules() {
  const { form, submit } = useSchemaForm<TValues>({ schema: ZModerationSettingsUpdate, toCheck: toBody });
  const { register, reset, formState } = form;
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void apiFetch('/api/moderation/settings').then((res) => {
      if (!res.success) return notify.error(res.message);
      reset(toValues(res.data));
      setLoaded(true);
    });
  }, [reset]);

  const onSubmit = submit(async (v) => {
    setBusy(true);
    const res = await apiFetch('/api/moderation/settings', { method: 'PUT', json: toBody(v) });
    setBusy(false);
    if (!res.success) return notify.error(res.message);
    notify.success(res.message);
    reset(toValues(res.data));
  });

  const error = (name: Exclude<keyof TValues, 'fraudWeights'>) => formState.errors[name]?.message as string | undefined;
  return (
    <section aria-label="Moderation rules" className="space-y-3">
      <h3 className="text-lg font-semibold text-slate-900">Rules</h3>
      <form
        noValidate
        onSubmit={onSubmit}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-2"
      >
        <Field
          label="Reports before an ad is held"
          hint="Open reports that take an ad off the site until a moderator decides. Only reports from verified accounts old enough count, and several from one address count once; every report still reaches this queue."
          error={error('reportThreshold')}
        >
          <Input type="number" min={1} disabled={!loaded} {...register('reportThreshold')} />
        </Field>
        <Field
          label="Account age before a report counts (hours)"
          hint="A verified account younger than this can report, but its report does not count toward holding the ad."
          error={error('reportMinAccountAgeHours')}
        >
          <Input type="number" min={0} disabled={!loaded} {...register('reportMinAccountAgeHours')} />
        </Field>
        <Field
          label="Review a new account’s first ads"
          hint="How many of a new account’s first ads wait for review; 0 publishes them at once."
          error={error('premoderateFirstAds')}
        >
          <Input type="number" min={0} disabled={!loaded} {...register('premoderateFirstAds')} />
        </Field>
        <div className="md:col-span-2">
          <Field
            label="Banned words"
            hint="One word or phrase per line (or comma-separated). An ad containing one waits for review."
            error={error('bannedWords')}
          >
            <Textarea rows={4} disabled={!loaded} {...register('bannedWords')} />
          </Field>
        </div>
        <div className="md:col-span-2">
          <Field
            label="Scam phrases"
            hint="One phrase per line (or comma-separated). Each one an ad contains is a fraud signal; the check runs after every post and edit."
            error={error('scamPhrases')}
          >
            <Textarea rows={3} disabled={!loaded} {...register('scamPhrases')} />
          </Field>
        </div>
        <Field
          label="Fraud score that holds an ad"
          hint="An ad whose fraud signals add up to this waits for review; 0 only lists them here."
          error={error('fraudHoldScore')}
        >
          <Input type="number" min={0} disabled={!loaded} {...register('fraudHoldScore')} />
        </Field>
        <fieldset className="grid gap-3 sm:grid-cols-2 md:col-span-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">What each fraud signal adds to the score</legend>
          {FRAUD_SIGNALS.map((s) => (
            <Field
              key={s}
              label={FRAUD_SIGNAL_LABELS[s]}
              error={formState.errors.fraudWeights?.[s]?.message as string | undefined}
            >
              <Input type="number" min={0} disabled={!loaded} {...register(`fraudWeights.${s}`)} />
            </Field>
          ))}
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-slate-700 md:col-span-2">
          <input type="checkbox" className="h-4 w-4" disabled={!loaded} {...register('requireVerifiedToPost')} />
          Require a verified email address before posting an ad
        </label>
        <div className="md:col-span-2">
          <Button type="submit" disabled={!loaded || busy}>
            Save rules
          </Button>
        </div>
      </form>
    </section>
  );
}
