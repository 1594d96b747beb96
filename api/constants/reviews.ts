/**
 * Reviews of sellers, shared by the API and the browser (the review form, the seller page,
 * the moderation screen). docs/RULES.md (Reviews) explains the rules.
 */

/** Longest review text and longest seller's answer, in characters. */
export const REVIEW_TEXT_MAX = 500;
export const REVIEW_REPLY_MAX = 500;
/** The buyer may change their review for this many days after writing it. */
export const REVIEW_EDIT_DAYS = 14;
/** Reviews shown on the seller page and the ad page; the API pages the rest. */
export const REVIEWS_SHOWN = 5;
/** Most reviews one page of listSellerReviews holds. */
export const REVIEWS_MAX_LIMIT = 50;
/** Shown instead of the buyer's name once the buyer deleted their account. */
export const FORMER_MEMBER = 'Former member';

export const REVIEW_TEXTS = {
  created: 'Thank you for your review.',
  updated: 'Your review has been updated.',
  replied: 'Your answer has been published.',
  loaded: 'Reviews loaded',
  reported: 'Thank you. Our team will look at this review.',
  notFound: 'Review not found.',
  ownAd: 'You cannot review your own ad.',
  onlyBuyer: 'Only the buyer in this conversation can review the seller.',
  notYet: 'You can review the seller once you have both written in this conversation.',
  sellerGone: 'The seller’s account no longer exists.',
  already: 'You have already reviewed the seller for this conversation.',
  notYours: 'Only the buyer who wrote this review can change it.',
  editClosed: `Reviews can be changed for ${REVIEW_EDIT_DAYS} days after they were written.`,
  onlySeller: 'Only the seller who was reviewed can answer this review.',
  alreadyReplied: 'You have already answered this review.',
  alreadyReported: 'You have already reported this review.',
  cannotReportOwn: 'You cannot report your own review.',
  removed: 'Review removed. It is no longer shown.',
  rating: 'Please choose from 1 to 5 stars.',
  text: `Please keep your review under ${REVIEW_TEXT_MAX} characters.`,
  reply: `Please keep your answer under ${REVIEW_REPLY_MAX} characters.`,
  replyRequired: 'Please write your answer.',
} as const;

const DAY_MS = 24 * 3600 * 1000;

/** Whether a review written at `createdAt` may still be changed at `now` (the 14-day window). */
export function reviewEditable(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() < REVIEW_EDIT_DAYS * DAY_MS;
}

/** When a review written at `createdAt` can no longer be changed. */
export function reviewEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);
}

/**
 * A seller's rating from the sum and count of their reviews' stars: the average to one
 * decimal (half up), null without reviews.
 */
export function ratingSummary(sum: number, count: number): { average: number | null; count: number } {
  if (count <= 0) return { average: null, count: 0 };
  return { average: Math.round((sum * 10) / count) / 10, count };
}

/** A buyer's first name, as reviews show it. */
export function firstName(name: string | null): string {
  if (name === null) return FORMER_MEMBER;
  return name.trim().split(/\s+/)[0] || FORMER_MEMBER;
}
