import { xmlEscape } from './sitemap.ts';

/** How many ads a feed carries: the newest. */
export const FEED_SIZE = 50;

export type TFeedItem = {
  title: string;
  link: string;
  price: string;
  place: string;
  date: Date;
  category: string;
};

/**
 * An RSS 2.0 document: the channel (title, link to the search, description) and one item per
 * ad with its title, link (also the guid), price and place (in the description, the place as
 * a category too) and date.
 */
export function rssFeed(
  channel: { title: string; link: string; description: string; self: string },
  items: TFeedItem[],
) {
  const itemXml = items.map((i) =>
    [
      '    <item>',
      `      <title>${xmlEscape(i.title)}</title>`,
      `      <link>${xmlEscape(i.link)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(i.link)}</guid>`,
      `      <description>${xmlEscape([i.price, i.place].filter(Boolean).join(' · '))}</description>`,
      `      <category>${xmlEscape(i.category)}</category>`,
      ...(i.place ? [`      <category domain="place">${xmlEscape(i.place)}</category>`] : []),
      `      <pubDate>${i.date.toUTCString()}</pubDate>`,
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xmlEscape(channel.title)}</title>`,
    `    <link>${xmlEscape(channel.link)}</link>`,
    `    <description>${xmlEscape(channel.description)}</description>`,
    `    <atom:link href="${xmlEscape(channel.self)}" rel="self" type="application/rss+xml" />`,
    ...itemXml,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
