import type { TSessionUser } from '../../context.ts';
import { forgetNewsletterSubscriber } from '../newsletter/newsletter-preference.ts';
import { deleteUser } from '../users/delete-user.ts';
import { checkPassword } from './check-password.ts';

/**
 * "Delete my account": needs the password, then removes the user with everything that is
 * theirs in one transaction (ads, wishlist, sessions, tokens, plan requests; their messages by
 * the foreign keys' cascade) and the ads' image files after the commit, as the admin's delete
 * does; the newsletter subscription of its email goes too. The last admin cannot delete themselves (409).
 */
export async function deleteMyAccount({ user, password }: { user: TSessionUser; password: string }) {
  await checkPassword(user.id, password, 'password');
  await deleteUser({ id: user.id });
  // After the account is gone (not before: a refused deletion must keep the subscription).
  await forgetNewsletterSubscriber(user.email);
}
