import type { newsletters } from '../../db/schema/index.ts';
import { env } from '../../env.ts';
import type { TMail } from '../../mail/send-mail.ts';

type TNewsletter = typeof newsletters.$inferSelect;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * One subscriber's copy of a newsletter. Every copy carries its own unsubscribe link: in the
 * text (a page with one button, so a mail scanner opening links unsubscribes nobody), and in
 * the List-Unsubscribe header as the API address that a mail program's one-click "Unsubscribe"
 * POSTs to (RFC 8058, with List-Unsubscribe-Post). Links in the rich text that point at this
 * site (its own images and pages) are made absolute, since a mail has no base address.
 */
export function newsletterMail(newsletter: TNewsletter, to: string, unsubscribeToken: string): TMail {
  const site = env().siteUrl;
  const page = `${site}/newsletter/unsubscribe?token=${unsubscribeToken}`;
  const oneClick = `${site}/api/newsletter/unsubscribe?token=${unsubscribeToken}`;
  const footer = `You get this mail because you subscribed to our newsletter at ${site}.`;
  const mail: TMail = {
    to,
    subject: newsletter.subject,
    text: `${newsletter.text}\n\n--\n${footer}\nUnsubscribe: ${page}\n`,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
  if (newsletter.html) {
    const body = newsletter.html.replace(/(src|href)="\//g, `$1="${site}/`);
    mail.html = `${body}<hr><p style="color:#64748b;font-size:13px">${escapeHtml(footer)} <a href="${escapeHtml(page)}">Unsubscribe</a></p>`;
  }
  return mail;
}
