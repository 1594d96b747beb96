import { sendMail, type TMail } from '../mail/send-mail.ts';
import { runAdExpiry } from '../services/ads/run-ad-expiry.ts';
import { sendPasswordReset } from '../services/auth/request-password-reset.ts';
import { purgeCache, type TCachePurge } from '../services/cache/purge-caches.ts';
import { runFraudCheck } from '../services/fraud/run-fraud-check.ts';
import { notifyNewMessage } from '../services/messages/notify-new-message.ts';
import { releaseHeldMail } from '../services/messages/release-held-mail.ts';
import { runNewsletterBatch, type TNewsletterBatch } from '../services/newsletter/run-newsletter-batch.ts';
import { startSubscription } from '../services/newsletter/start-subscription.ts';
import { runSavedSearchDigest, runSavedSearchMatching } from '../services/saved-searches/run-saved-search-jobs.ts';
import { runEditorImageSweep } from '../services/uploads/sweep-editor-images.ts';
import type { TQueueName } from './queues.ts';

/**
 * What each queue's job does. A handler that throws fails this attempt; pg-boss retries it
 * with the queue's backoff (api/jobs/queues.ts) and marks it failed after the last one.
 */
export const HANDLERS: Record<TQueueName, (data: never, job: { id: string }) => Promise<unknown>> = {
  mail: (mail: TMail, job: { id: string }) => sendMail(mail, { jobId: job.id }),
  'password-reset': (data: { email: string }) => sendPasswordReset(data),
  'sweep-editor-images': () => runEditorImageSweep({ rethrow: true }),
  'ad-expiry': () => runAdExpiry(),
  'newsletter-signup': (data: { email: string }) => startSubscription({ email: data.email }),
  'newsletter-batch': (data: TNewsletterBatch) => runNewsletterBatch(data),
  'saved-search-match': () => runSavedSearchMatching(),
  'saved-search-digest': () => runSavedSearchDigest(),
  'verified-mail': (data: { userId: number }) => releaseHeldMail(data),
  'message-mail': (data: { conversationId: number; recipientId: number }) => notifyNewMessage(data),
  'cache-purge': (data: TCachePurge) => purgeCache(data),
  'fraud-check': (data: { adId: number }) => runFraudCheck({ adId: data.adId }),
};
