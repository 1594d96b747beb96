import { ROLES, SUBSCRIPTIONS } from '../../../api/constants/users.ts';
import { ZAdminUser } from '../../../api/schemas/user.ts';
import { Input, Select } from '../../components/ui/controls.tsx';
import { apiFetch } from '../../lib/api.ts';
import EntityForm from '../components/EntityForm.tsx';
import { Field } from '../components/form.tsx';
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

/** Add User ('Add New User', Sign up) and Edit User (loaded by id, Edit User). */
export default function UserForm() {
  const state = useEntityForm({
    defaults: EMPTY,
    loadPath: (id) => `/api/user/${id}`,
    // Both password fields are cleared after loading and required again.
    fromAnswer: (res): TUserValues => ({ ...EMPTY, ...res.user, password: '', cpassword: '' }),
    schema: ZAdminUser,
    save: (values, id) =>
      id
        ? apiFetch('/api/user/update', { method: 'POST', json: { ...values, id: Number(id) } })
        : apiFetch('/api/user/admin-add-user', { method: 'POST', json: values }),
    doneTo: '/users',
  });
  const { register } = state.form;
  return (
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
}
