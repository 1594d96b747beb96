import { db } from '../../db/client.ts';
import { inboxMessages } from '../../db/schema/index.ts';
import { env } from '../../env.ts';
import { recordIdempotentAnswer } from '../../lib/idempotency-claims.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { INBOX_MESSAGES, type TContactMessage } from '../../schemas/inbox.ts';
import { getSettings } from '../settings/get-settings.ts';
import { passesBotCheck } from './bot-check.ts';
import { teamAddress } from './team-address.ts';

/**
 * A visitor's message from Contact Us or the FAQ question form: stored in the admin inbox and,
 * in the same transaction, a notification mail queued to the team (teamAddress), so the mail
 * goes out exactly when the message is kept. The notification's Reply-To is the visitor, so
 * answering from a mail program reaches them too. A honeypot hit gets the same answer and
 * stores nothing (api/services/inbox/bot-check.ts).
 */
export async function sendContactMessage({ input }: { input: TContactMessage }) {
  const message = input.source === 'faq' ? INBOX_MESSAGES.faqSent : INBOX_MESSAGES.contactSent;
  const body = { success: true as const, message };
  if (!passesBotCheck(input)) return body;
  const { email: settingsEmail } = await getSettings();
  await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(inboxMessages)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        subject: input.subject,
        message: input.message,
        source: input.source,
      })
      .returning({ id: inboxMessages.id });
    const to = await teamAddress(tx, settingsEmail);
    if (to) {
      const form = input.source === 'faq' ? 'FAQ question' : 'Contact Us message';
      const lines = [
        `A new ${form} arrived.`,
        '',
        `From: ${input.name} <${input.email}>`,
        ...(input.phone ? [`Phone: ${input.phone}`] : []),
        ...(input.subject ? [`Subject: ${input.subject}`] : []),
        '',
        input.message,
        '',
        `Read and answer it in the admin inbox: ${env().siteUrl}/admin/inbox/${row!.id}`,
      ];
      await queueMail(
        {
          to,
          subject: `New ${form}${input.subject ? `: ${input.subject}` : ` from ${input.name}`}`,
          text: `${lines.join('\n')}\n`,
          headers: { 'Reply-To': input.email },
        },
        { tx },
      );
    }
    await recordIdempotentAnswer(tx, 201, body);
  });
  return body;
}
