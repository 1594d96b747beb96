import type { Db, Tx } from '../db/client.ts';
import { enqueue, enqueueMany } from '../jobs/queue.ts';
import type { TMail } from './send-mail.ts';

/**
 * Queues one mail for the mail job, which sends it and retries with backoff while the mail
 * server refuses. With `tx`, the mail is queued by that transaction: it goes out if and only if
 * the change it reports commits.
 */
export async function queueMail(mail: TMail, options: { tx?: Tx | Db } = {}): Promise<void> {
  await enqueue('mail', mail, { tx: options.tx });
}

/** Queues many mails in one statement (the saved-search alerts), with `tx` as queueMail. */
export async function queueMails(mails: TMail[], options: { tx?: Tx | Db } = {}): Promise<void> {
  await enqueueMany('mail', mails, { tx: options.tx });
}
