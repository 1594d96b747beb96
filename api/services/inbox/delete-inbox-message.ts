import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { inboxMessages } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { INBOX_MESSAGES } from '../../schemas/inbox.ts';

/** Deletes a message and its replies (cascade). */
export async function deleteInboxMessage({ id }: { id: number }) {
  const gone = await db().delete(inboxMessages).where(eq(inboxMessages.id, id)).returning({ id: inboxMessages.id });
  if (!gone.length) throw new AppError('NOT_FOUND', INBOX_MESSAGES.notFound);
}
