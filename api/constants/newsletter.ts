/** A subscription's states: only `confirmed` addresses get the newsletter. */
export const SUBSCRIBER_STATES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type TSubscriberState = (typeof SUBSCRIBER_STATES)[number];

/** Subscribers per page of the admin list. */
export const SUBSCRIBER_PAGE_SIZE = 20;
