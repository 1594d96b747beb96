import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { ROLES, SUBSCRIPTIONS } from '../../../api/constants/users.ts';
import { ZAdminUser } from '../../../api/schemas/user.ts';
import { Input, Select } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { apiFetch } from '../../lib/api.ts';
import BanAction, { type TBanTarget } from '../components/BanAction.tsx';
import EntityForm from '../components/EntityForm.tsx';
import { useEntityForm } from '../components/use-entity-form.ts';

type TUserValues = {
  name: string;
  email: string;
  role: string;
  subscription: string;
  password: string;
  cpassword: string;
};

const EMPTY: TUserValues = { name: '', email: '', role: '', subscription: 'free', password: '', cpassword: '' };
const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type TStanding = TBanTarget & { role: string; banReason: string };

/**
 * Edit User's account standing: whether the user is banned and why, with Ban or Unban
 * (admins cannot be banned, as the server says too).
 */
function Standing({ standing, onChange }: { standing: TStanding; onChange: () => Promise<void> }) {
  if (standing.role === 'admin') return null;
  return (
    <section
      aria-label="Account standing"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
    >
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">Account standing</h3>
        <p className="break-words text-slate-600">
          {standing.banned
            ? `Banned${standing.banReason ? `: ${standing.banReason}` : ''}. They cannot sign in and their ads are hidden.`
            : 'Active. They can sign in and their ads are public.'}
        </p>
      </div>
      <BanAction user={standing} onDone={onChange} />
    </section>
  );
}

/** Add User ('Add New User', Sign up) and Edit User (loaded by id, Edit User). */
export default function UserForm() {
  const { id } = useParams();
  const [standing, setStanding] = useState<TStanding | null>(null);
  const reloadStanding = useCallback(async () => {
    if (id === undefined) return;
    const res = await apiFetch(`/api/user/${id}`);
    if (res.success) setStanding(res.user);
  }, [id]);
  const state = useEntityForm({
    defaults: EMPTY,
    loadPath: (id) => `/api/user/${id}`,
    // Both password fields are cleared after loading and required again.
    fromAnswer: (res): TUserValues => {
      const { banned, banReason, ...user } = res.user;
      setStanding({ ...user, banned, banReason });
      return { ...EMPTY, ...user, password: '', cpassword: '' };
    },
    schema: ZAdminUser,
    save: (values, id) =>
      id
        ? apiFetch('/api/user/update', { method: 'POST', json: { ...values, id: Number(id) } })
        : apiFetch('/api/user/admin-add-user', { method: 'POST', json: values }),
    doneTo: '/users',
  });
  const { register } = state.form;
  const form = (
    <EntityForm
      state={state}
      title={state.isEdit ? 'Edit User' : 'Add New User'}
      submitLabel={state.isEdit ? 'Edit User' : 'Sign up'}
      backTo="/users"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" htmlFor="user-name">
          <Input id="user-name" autoComplete="off" {...register('name')} />
        </Field>
        <Field label="Email" htmlFor="user-email">
          <Input id="user-email" type="email" autoComplete="off" {...register('email')} />
        </Field>
        <Field label="Role" htmlFor="user-role">
          <Select id="user-role" {...register('role')}>
            <option value="">Select role</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {label(r)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Subscription plan" htmlFor="user-subscription">
          <Select id="user-subscription" {...register('subscription')}>
            {SUBSCRIPTIONS.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Password" htmlFor="user-password">
          <Input id="user-password" type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <Field label="Confirm Password" htmlFor="user-cpassword">
          <Input id="user-cpassword" type="password" autoComplete="new-password" {...register('cpassword')} />
        </Field>
      </div>
    </EntityForm>
  );
  if (!state.isEdit || !standing) return form;
  return (
    <div className="space-y-6">
      {form}
      <Standing standing={standing} onChange={reloadStanding} />
    </div>
  );
}
