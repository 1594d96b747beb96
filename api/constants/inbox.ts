/** Where an inbox message came from: the Contact Us form or the FAQ page's question form. */
export const INBOX_SOURCES = ['contact', 'faq'] as const;
export type TInboxSource = (typeof INBOX_SOURCES)[number];

/** Messages per page of the admin inbox. */
export const INBOX_PAGE_SIZE = 20;

/** The FAQ question form asks for a phone number (the product description: name and phone required). */
export const FAQ_PHONE_REQUIRED = 'Please enter your phone number.';
