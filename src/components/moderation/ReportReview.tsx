import { REVIEW_TEXTS } from '../../../api/constants/reviews.ts';
import ReportDialog from './ReportDialog.tsx';

/** "Report this review" beside a public review, for everyone but its author (ReportDialog). */
export default function ReportReview({ reviewId }: { reviewId: number }) {
  return (
    <ReportDialog
      endpoint={`/api/reviews/${reviewId}/report`}
      title="Report this review"
      intro="Tell our team what is wrong with this review. Your report is not shown to its author or the seller."
      alreadyReported={REVIEW_TEXTS.alreadyReported}
      small
    />
  );
}
