import { eq } from 'drizzle-orm';
import { MODERATION_TEXTS } from '../../constants/moderation.ts';
import type { TSessionUser } from '../../context.ts';
import { db, type Tx } from '../../db/client.ts';
import { ads, sessions, users } from '../../db/schema/index.ts';
import { env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { USER_NOT_FOUND } from '../users/get-user.ts';
import { recordAudit } from './audit.ts';

async function lockUser(tx: Tx, id: number) {
  const [user] = await tx
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return user;
}

/**
 * banUser: the account can no longer sign in (login answers 403), every session ends at once
 * (its token answers 401), and all its ads leave the public site and the category counts
 * (ads.owner_banned), whatever their state. Admins cannot be banned. The user is mailed.
 */
export async function banUser(options: { admin: TSessionUser; id: number; reason: string }) {
  const { admin, id, reason } = options;
  await db().transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (user.role === 'admin') throw new AppError('CONFLICT', MODERATION_TEXTS.cannotBanAdmin);
    if (user.bannedAt) throw new AppError('CONFLICT', MODERATION_TEXTS.alreadyBanned);
    await tx.update(users).set({ bannedAt: new Date(), banReason: reason }).where(eq(users.id, id));
    await tx.update(ads).set({ ownerBanned: true }).where(eq(ads.userId, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordAudit(tx, {
      actor: admin,
      action: 'ban-user',
      targetType: 'user',
      targetId: id,
      targetLabel: user.name,
      reason,
    });
    await queueMail(
      {
        to: user.email,
        subject: 'Your account has been suspended',
        text: [
          `Hello ${user.name},`,
          '',
          `Your account on ${env().siteUrl} has been suspended by our moderators, and your ads are no longer shown.`,
          ...(reason ? ['', `Reason: ${reason}`] : []),
          '',
          'If you think this is a mistake, write to us through the Contact Us page.',
        ].join('\n'),
      },
      { tx },
    );
  });
  return { message: MODERATION_TEXTS.bannedUser };
}

/** unbanUser: the account may sign in again and its ads return to the public site as they were. */
export async function unbanUser(options: { admin: TSessionUser; id: number; reason: string }) {
  const { admin, id, reason } = options;
  await db().transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (!user.bannedAt) throw new AppError('CONFLICT', MODERATION_TEXTS.notBanned);
    await tx.update(users).set({ bannedAt: null, banReason: '' }).where(eq(users.id, id));
    await tx.update(ads).set({ ownerBanned: false }).where(eq(ads.userId, id));
    await recordAudit(tx, {
      actor: admin,
      action: 'unban-user',
      targetType: 'user',
      targetId: id,
      targetLabel: user.name,
      reason,
    });
  });
  return { message: MODERATION_TEXTS.unbannedUser };
}
