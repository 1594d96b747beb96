import { useState } from 'react';
import { REVIEW_REPLY_MAX, REVIEW_TEXT_MAX } from '../../../api/constants/reviews.ts';
import { ZReviewInput, ZReviewReply } from '../../../api/schemas/review.ts';
import ReviewItem, { type TReview } from '../../components/reviews/ReviewItem.tsx';
import StarInput from '../../components/reviews/StarInput.tsx';
import { Button, Textarea } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { ErrorsForm } from '../../components/ui/field-errors.tsx';
import { useSchemaForm } from '../../components/ui/schema-form.ts';
import { apiFetch } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { SubmitCancel } from './form.tsx';

type TProps = {
  conversationId: number;
  role: 'buyer' | 'seller';
  eligible: boolean;
  review: TReview | null;
  /** The seller's name as the buyer sees it ("the other"), or the caller's own for the seller. */
  sellerName: string;
  /** Loads the thread again after a change. */
  changed: () => void;
};

/** Writing (createReview) or changing (updateReview) the buyer's review: stars and a text. */
function ReviewForm({
  conversationId,
  review,
  done,
}: {
  conversationId: number;
  review: TReview | null;
  done: () => void;
}) {
  const { form, submit, errors, failed } = useSchemaForm<{ rating: string; text: string }>({
    defaults: { rating: review ? String(review.rating) : '', text: review?.text ?? '' },
    schema: ZReviewInput,
  });
  const onSubmit = submit(async (values) => {
    const json = { rating: Number(values.rating), text: values.text };
    const res = review
      ? await apiFetch(`/api/reviews/${review.id}`, { method: 'PATCH', json })
      : await apiFetch(`/api/conversations/${conversationId}/review`, { method: 'POST', json });
    if (!res.success) return failed(res);
    notify.success(res.message);
    done();
  });
  return (
    <ErrorsForm errors={errors} onSubmit={onSubmit} className="mt-3 space-y-3" aria-label="Your review">
      <StarInput legend="Your rating" value={Number(form.watch('rating')) || 0} field={form.register('rating')} />
      <Field label="Your review (optional)" htmlFor="review-text" hint={`Up to ${REVIEW_TEXT_MAX} characters.`}>
        <Textarea id="review-text" rows={3} maxLength={REVIEW_TEXT_MAX} {...form.register('text')} />
      </Field>
      <SubmitCancel submitLabel={review ? 'Save review' : 'Publish review'} onCancel={done} />
    </ErrorsForm>
  );
}

/** The seller's one answer to a review (replyToReview). */
function ReplyForm({ review, done }: { review: TReview; done: () => void }) {
  const { form, submit, errors, failed } = useSchemaForm<{ reply: string }>({
    defaults: { reply: '' },
    schema: ZReviewReply,
  });
  const onSubmit = submit(async (values) => {
    const res = await apiFetch(`/api/reviews/${review.id}/reply`, { method: 'POST', json: values });
    if (!res.success) return failed(res);
    notify.success(res.message);
    done();
  });
  return (
    <ErrorsForm errors={errors} onSubmit={onSubmit} className="mt-3 space-y-3">
      <Field label="Your answer" htmlFor="review-reply" hint={`Shown under the review. You can answer once.`}>
        <Textarea id="review-reply" rows={3} maxLength={REVIEW_REPLY_MAX} {...form.register('reply')} />
      </Field>
      <SubmitCancel submitLabel={'Publish answer'} onCancel={done} />
    </ErrorsForm>
  );
}

const untilFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * A thread's review (docs/RULES.md, Reviews): the buyer leaves one once both have written and
 * may change it for 14 days; the seller answers it once. Nothing shows before there is
 * something to do or to read.
 */
export default function ThreadReview({ conversationId, role, eligible, review, sellerName, changed }: TProps) {
  const [open, setOpen] = useState(false);
  const done = () => {
    setOpen(false);
    changed();
  };
  if (!review && !eligible) return null;
  const editable = review && role === 'buyer' && new Date(review.editableUntil) > new Date();
  const answerable = review && role === 'seller' && !review.reply;
  return (
    <section
      aria-labelledby="thread-review-title"
      className="mt-3 rounded-lg border border-slate-200 bg-white p-3"
      data-testid="thread-review"
    >
      <h3 id="thread-review-title" className="text-sm font-semibold text-slate-900">
        {role === 'buyer' ? `Your review of ${sellerName}` : 'Their review of you'}
      </h3>
      {review && !(open && editable) && <ReviewItem review={review} sellerName={sellerName} />}
      {!open && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {!review && <Button onClick={() => setOpen(true)}>Leave a review</Button>}
          {editable && (
            <>
              <Button variant="secondary" onClick={() => setOpen(true)}>
                Edit review
              </Button>
              <span className="text-xs text-slate-500">
                You can change it until {untilFormat.format(new Date(review.editableUntil))}.
              </span>
            </>
          )}
          {answerable && <Button onClick={() => setOpen(true)}>Answer</Button>}
        </div>
      )}
      {open && role === 'buyer' && <ReviewForm conversationId={conversationId} review={review} done={done} />}
      {open && answerable && <ReplyForm review={review} done={done} />}
    </section>
  );
}
