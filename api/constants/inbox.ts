/** Where an inbox message came from: the Contact Us form or the FAQ page's question form. */
export const INBOX_SOURCES = ['contact', 'faq'] as const;
export type TInboxSource = (typeof INBOX_SOURCES)[number];

/** Messages per page of the admin inbox. */
export const INBOX_PAGE_SIZE = 20;

/** A contact form sent sooner than this after it appeared is a script, not a person. */
export const MIN_FORM_FILL_MS = 3000;
/** Sign-up's minimum: four short fields, typed by a person in well over this. */
export const SIGNUP_MIN_FILL_MS = 2000;
