import type { ReactNode } from 'react';
import type { TApiData } from '../../lib/api.ts';
import RatingStars from '../ads/RatingStars.tsx';

export type TReview = TApiData<'/api/sellers/:id/reviews'>['reviews'][number];

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * One review as everyone sees it: the stars, the buyer's first name, the date, the text and
 * the seller's answer below it. `children` are the actions the viewer has (edit, answer, report).
 */
export default function ReviewItem({
  review,
  sellerName,
  children,
}: {
  review: TReview;
  sellerName: string;
  children?: ReactNode;
}) {
  return (
    <article className="min-w-0" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <RatingStars rating={review.rating} noun="Rated" />
        <span className="min-w-0 font-medium wrap-anywhere text-slate-900">{review.buyerName}</span>
        <time className="text-sm text-slate-500" dateTime={review.createdAt}>
          {dateFormat.format(new Date(review.createdAt))}
        </time>
      </div>
      {review.text && <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-slate-800">{review.text}</p>}
      <p className="mt-1 truncate text-xs text-slate-500">About “{review.adHeading}”</p>
      {review.reply && (
        <div className="mt-2 rounded-lg border-l-4 border-primary/40 bg-slate-50 px-3 py-2" data-testid="review-reply">
          <p className="text-xs font-medium wrap-anywhere text-slate-600">Answer from {sellerName}</p>
          <p className="mt-0.5 whitespace-pre-wrap wrap-anywhere text-sm text-slate-800">{review.reply.text}</p>
        </div>
      )}
      {children}
    </article>
  );
}
