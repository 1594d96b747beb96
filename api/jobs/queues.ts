import type { Queue, QueueOptions } from 'pg-boss';

/**
 * Every queue the site runs, with its retry policy. One place to read what runs in the
 * background; the handlers are in api/jobs/handlers.ts.
 */
export const QUEUES = {
  /** One outbound mail ({ to, subject, text, html?, headers? }): api/mail/send-mail.ts. */
  mail: {
    // A mail server that is down: retried for about a day (30 s, 1 min, 2 min … capped at an hour).
    retryLimit: 30,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 120,
    // Failed mails stay visible (admin dashboard) for two weeks.
    deleteAfterSeconds: 14 * 24 * 3600,
  },
  /** "Forgot password" for an address, whether or not it has an account. */
  'password-reset': { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
  /** The hourly sweep of editor images nobody kept. */
  'sweep-editor-images': { retryLimit: 2, retryDelay: 300, expireInSeconds: 1800 },
  /** Every 10 minutes: expire ads whose period ended, queue the reminders of those ending soon. */
  'ad-expiry': { retryLimit: 2, retryDelay: 60, expireInSeconds: 900 },
  /** A newsletter sign-up: confirmation mail, unless the address is confirmed (like password-reset). */
  'newsletter-signup': { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
  /**
   * One batch of a newsletter ({ newsletterId, afterId }); it queues the next. A failed batch
   * is retried (its delivery rows keep anyone from getting it twice) for about a day.
   */
  'newsletter-batch': {
    retryLimit: 20,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 600,
    deleteAfterSeconds: 14 * 24 * 3600,
  },
  /**
   * Match new ads against every saved search, then queue the instant alerts. `stately`: at
   * most one run waits per key, so a burst of new ads collapses into one run.
   */
  'saved-search-match': { policy: 'stately', retryLimit: 3, retryDelay: 30, expireInSeconds: 600 },
  /**
   * "New message" mail for { conversationId, recipientId }, queued with each message to start
   * MESSAGE_MAIL_DELAY_SECONDS later: it mails only if the message is still unread then, and at
   * most once per conversation and recipient per 15 minutes (notify-new-message.ts).
   */
  'message-mail': { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  /**
   * A user's address was just verified ({ userId }): the message notifications and instant
   * alerts that waited for a verified address go out (api/services/messages/release-held-mail.ts).
   */
  'verified-mail': { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  /**
   * Drop the answers carrying { keys } at the shared cache { url } (api/services/cache/purge-caches.ts):
   * a cache that is down is retried for about ten minutes (2 s, 4 s … capped at a minute); its
   * answers expire on their own within HTTP_CACHE_S_MAXAGE anyway.
   */
  'cache-purge': { retryLimit: 12, retryDelay: 2, retryBackoff: true, retryDelayMax: 60, expireInSeconds: 30 },
  /**
   * The fraud check of one ad ({ adId }), queued with every post and edit
   * (api/services/fraud/run-fraud-check.ts). `stately` with the ad as singletonKey: at most one
   * check waits per ad, so a burst of edits collapses into one run.
   */
  'fraud-check': { policy: 'stately', retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  /** The daily digest of the saved searches that asked for one. */
  'saved-search-digest': { retryLimit: 3, retryDelay: 300, expireInSeconds: 1800 },
} satisfies Record<string, QueueOptions & Pick<Queue, 'policy'>>;

export type TQueueName = keyof typeof QUEUES;

/** Recurring jobs (cron, server time), each run once across every process. */
export const SCHEDULES: { name: TQueueName; cron: string }[] = [
  { name: 'sweep-editor-images', cron: '17 * * * *' },
  { name: 'ad-expiry', cron: '*/10 * * * *' },
  { name: 'saved-search-match', cron: '* * * * *' },
  { name: 'saved-search-digest', cron: '0 7 * * *' },
];
