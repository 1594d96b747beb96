import { env } from '../../env.ts';
import { quoted } from '../../lib/quoted.ts';

const EXCERPT_CHARS = 200;

/**
 * The "New message" mail about conversation `conversationId`: who wrote about which ad, an
 * excerpt, and the link to read and answer. `from=mail` on the link: a signed-out reader is
 * asked to sign in plainly, not shown the guard's error.
 */
export function newMessageMail(m: {
  to: string;
  recipientName: string;
  senderName: string | null | undefined;
  adHeading: string;
  conversationId: number;
  text: string;
}) {
  const site = env().siteUrl;
  const excerpt = [...m.text].length > EXCERPT_CHARS ? `${[...m.text].slice(0, EXCERPT_CHARS).join('')}…` : m.text;
  const link = `${site}/admin/messages/${m.conversationId}?from=mail`;
  return {
    to: m.to,
    subject: `New message about ${quoted(m.adHeading)}`,
    text: `Hello ${m.recipientName},\n\n${m.senderName ?? 'Someone'} wrote about ${quoted(m.adHeading)}:\n\n${excerpt}\n\nRead and answer: ${link}\n\nYou get at most one mail per conversation every 15 minutes while messages stay unread. To stop these mails, turn off “Email me about new messages” in your messages: ${site}/admin/messages\n`,
  };
}
