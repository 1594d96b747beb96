import { DEFAULT_EXPIRY_DAYS, EXPIRY_REMINDER_DAYS } from '../../../api/constants/ad-states.ts';
import { ZPlan } from '../../../api/schemas/membership.ts';
import { Input } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { apiFetch } from '../../lib/api.ts';
import EntityForm from '../components/EntityForm.tsx';
import { useEntityForm } from '../components/use-entity-form.ts';

type TPlanValues = {
  plan_name: string;
  subscription_type: string;
  price: string;
  includes_featured: boolean;
  expiry_days: string;
};
const EMPTY: TPlanValues = {
  plan_name: '',
  subscription_type: '',
  price: '',
  includes_featured: false,
  expiry_days: String(DEFAULT_EXPIRY_DAYS.free),
};

/** The membership plan form: name, subscription period, price, featured ads, how long ads stay up. */
export default function MembershipPlanForm() {
  const state = useEntityForm({
    defaults: EMPTY,
    loadPath: (id) => `/api/memberships/${id}`,
    fromAnswer: (res): TPlanValues => {
      const p = res.data;
      return {
        plan_name: p.plan_name,
        subscription_type: p.subscription_type,
        price: p.price === null ? '' : String(p.price),
        includes_featured: p.includes_featured,
        expiry_days: String(p.expiry_days),
      };
    },
    schema: ZPlan,
    save: (values, id) =>
      apiFetch(id ? `/api/memberships/${id}` : '/api/memberships', { method: id ? 'PUT' : 'POST', json: values }),
    successText: { add: 'Plan added', edit: 'Plan updated' },
    doneTo: '/membership-plans',
  });
  const { register } = state.form;
  return (
    <EntityForm
      state={state}
      title={state.isEdit ? 'Edit Membership Plan' : 'Add Membership Plan'}
      submitLabel={state.isEdit ? 'Update Plan' : 'Add Plan'}
      backTo="/membership-plans"
    >
      <Field label="Name" htmlFor="plan-name">
        <Input id="plan-name" {...register('plan_name')} />
      </Field>
      <Field label="Subscription period" htmlFor="plan-type" hint="For example Monthly or Yearly. NA shows as FREE.">
        <Input id="plan-type" {...register('subscription_type')} />
      </Field>
      <Field label="Price" htmlFor="plan-price" hint="In dollars. Leave empty for a free plan.">
        <Input id="plan-price" type="number" min="0" step="0.01" inputMode="decimal" {...register('price')} />
      </Field>
      <Field
        label="Ads stay up for (days)"
        htmlFor="plan-expiry"
        hint={`After this many days an ad expires; its owner gets a reminder ${EXPIRY_REMINDER_DAYS} days before and can renew it.`}
      >
        <Input
          id="plan-expiry"
          type="number"
          min="1"
          max="3650"
          step="1"
          inputMode="numeric"
          {...register('expiry_days')}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300 accent-primary"
          {...register('includes_featured')}
        />
        Includes featured ads (members may mark their ads as Featured)
      </label>
    </EntityForm>
  );
}
