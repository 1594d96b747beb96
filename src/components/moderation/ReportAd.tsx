import { MODERATION_TEXTS } from '../../../api/constants/moderation.ts';
import ReportDialog from './ReportDialog.tsx';

/** "Report this ad" on the public ad page, for everyone but its owner (ReportDialog). */
export default function ReportAd({ adId }: { adId: number }) {
  return (
    <ReportDialog
      endpoint="/api/reports"
      extra={{ adId }}
      title="Report this ad"
      intro="Tell our team what is wrong. Your report is not shown to the seller."
      alreadyReported={MODERATION_TEXTS.alreadyReported}
    />
  );
}
