import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Whether `userId` wants a mail about new messages. */
export async function getMessageMails(userId: number): Promise<boolean> {
  const [row] = await db().select({ on: users.messageMails }).from(users).where(eq(users.id, userId));
  return row?.on ?? true;
}

export async function setMessageMails(userId: number, on: boolean): Promise<void> {
  await db().update(users).set({ messageMails: on }).where(eq(users.id, userId));
}
