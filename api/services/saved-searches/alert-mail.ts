import { ALERT_MAIL_ADS } from '../../constants/saved-searches.ts';
import { env } from '../../env.ts';
import { quoted } from '../../lib/quoted.ts';
import type { TMail } from '../../mail/send-mail.ts';

const PRICE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export type TAlertMailInput = {
  to: string;
  ownerName: string;
  search: { id: number; name: string; unsubscribeToken: string };
  /** Newest first; at most ALERT_MAIL_ADS of them are listed. */
  ads: { heading: string; price: number; slug: string }[];
  /** How many new ads there are in all (more than listed when over the limit). */
  total: number;
  digest: boolean;
};

/** Where an unsubscribe link of this search points: the page (for people) and the API (for mail clients). */
export function unsubscribeUrls(token: string) {
  const site = env().siteUrl;
  return {
    page: `${site}/unsubscribe/${encodeURIComponent(token)}`,
    oneClick: `${site}/api/saved-search-unsubscribe/${encodeURIComponent(token)}`,
  };
}

/**
 * The alert mail of one saved search: up to ten new ads (heading, price, link), a link to
 * see them all, and the one-click unsubscribe for this search, in the body and in the
 * List-Unsubscribe headers (RFC 2369, and RFC 8058's one-click POST).
 */
export function alertMail(input: TAlertMailInput): TMail {
  const site = env().siteUrl;
  const { search, total } = input;
  const listed = input.ads.slice(0, ALERT_MAIL_ADS);
  const urls = unsubscribeUrls(search.unsubscribeToken);
  const count = total === 1 ? '1 new ad' : `${total} new ads`;
  const subject = input.digest
    ? `Your daily digest: ${count} for ${quoted(search.name)}`
    : `${count} for ${quoted(search.name)}`;
  const lines = listed.map(
    (ad) => `- ${ad.heading} — $${PRICE.format(ad.price)}\n  ${site}/add-details/${encodeURIComponent(ad.slug)}`,
  );
  const more = total > listed.length ? `\n…and ${total - listed.length} more.` : '';
  const text = `Hello ${input.ownerName},\n\nYour saved search ${quoted(search.name)} found ${count}:\n\n${lines.join('\n')}\n${more}\nSee all of them: ${site}/admin/saved-searches/${search.id}\n\nNo more alerts for this search? Unsubscribe with one click: ${urls.page}\n`;
  return {
    to: input.to,
    subject,
    text,
    headers: {
      'List-Unsubscribe': `<${urls.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
