import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { ZAdForm } from '../../../api/schemas/ad.ts';
import { ZContactMessage } from '../../../api/schemas/inbox.ts';
import { ZAdminUser } from '../../../api/schemas/user.ts';
import { firstErrorMessage } from './schema-form.ts';

const AD = {
  heading: 'A bike',
  category: 'vehicles',
  description: '<p>Fast</p>',
  price: '10',
  rating: '5',
  location: 'Austin',
  features: [{ value: 'Red' }],
  featured: false,
};

/** What the admin forms toast: the resolver's errors, read back in order. */
async function toasted(schema: Parameters<typeof zodResolver>[0], values: Record<string, unknown>) {
  const resolve = zodResolver(schema as never, undefined, { raw: true });
  const { errors } = await resolve(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });
  return firstErrorMessage(errors);
}

/** What the server's validation names first for the same values. */
const schemaFirst = (
  schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } },
  v: unknown,
) => schema.safeParse(v).error?.issues[0]?.message;

describe('the admin forms name the schema’s first problem', () => {
  it('takes the first failing field in the schema’s order, not the last', async () => {
    const values = { ...AD, heading: '', location: '', rating: '' };
    const message = await toasted(ZAdForm, values);
    expect(message).toBeTruthy();
    expect(message).toBe(schemaFirst(ZAdForm, values));
  });

  it('reads each later field once the earlier ones pass', async () => {
    for (const field of ['heading', 'category', 'description', 'location'] as const) {
      const values = { ...AD, [field]: '' };
      const message = await toasted(ZAdForm, values);
      expect(message, field).toBeTruthy();
      expect(message, field).toBe(schemaFirst(ZAdForm, values));
    }
  });

  it('finds a message that the schema puts on a later field by a cross-field check', async () => {
    const values = {
      name: 'Ann',
      email: 'ann@example.com',
      role: 'admin',
      subscription: 'free',
      password: 'secret123',
      cpassword: 'other123',
    };
    const message = await toasted(ZAdminUser, values);
    expect(message).toBeTruthy();
    expect(message).toBe(schemaFirst(ZAdminUser, values));
  });

  it('names a field called message (Contact Us) when it is the only problem', async () => {
    const values = { name: 'Ann', email: 'ann@example.com', phone: '', subject: '', message: '', website: '' };
    const message = await toasted(ZContactMessage, values);
    expect(message).toBe('Please enter your message.');
    expect(message).toBe(schemaFirst(ZContactMessage, values));
  });

  it('has nothing to say about valid values', async () => {
    expect(await toasted(ZAdForm, AD)).toBeUndefined();
  });
});
