import { eq } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { TAccountUpdate } from '../../schemas/account.ts';
import { setNewsletterPreference } from '../newsletter/newsletter-preference.ts';

/**
 * Name, phone and the mail preferences; only the fields sent change. The newsletter is the
 * subscription of the account's email (api/services/newsletter): turning it on mails a
 * confirmation link, as the public sign-up box does.
 */
export async function updateAccount({ user, input }: { user: TSessionUser; input: TAccountUpdate }) {
  if (input.newsletter !== undefined)
    await setNewsletterPreference({ email: user.email, subscribed: input.newsletter });
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.phone !== undefined) set.phone = input.phone;
  if (input.alertMails !== undefined) set.alertMails = input.alertMails;
  if (Object.keys(set).length === 0) return;
  await db()
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, user.id));
}
