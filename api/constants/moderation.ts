/**
 * Reports and moderation, shared by the API and the browser (the report form, the
 * moderation screen). docs/MODERATION.md explains the rules.
 */
export const REPORT_REASONS = ['scam', 'prohibited', 'wrong-category', 'spam', 'offensive', 'other'] as const;
export type TReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<TReportReason, string> = {
  scam: 'Scam or fraud',
  prohibited: 'Prohibited item',
  'wrong-category': 'Wrong category',
  spam: 'Duplicate or spam',
  offensive: 'Offensive',
  other: 'Other',
};

/** Why an ad waits for review. */
export const HELD_REASONS = ['reports', 'banned-words', 'new-account', 'fraud-signals'] as const;
export type THeldReason = (typeof HELD_REASONS)[number];

export const HELD_REASON_LABELS: Record<THeldReason, string> = {
  reports: 'Reported by visitors',
  'banned-words': 'Contains a banned word',
  'new-account': 'New account’s first ads',
  'fraud-signals': 'Fraud signals',
};

/** Every moderator action the audit log records. */
export const AUDIT_ACTIONS = [
  'approve-ad',
  'remove-ad',
  'dismiss-ad-reports',
  'dismiss-conversation-reports',
  'ban-user',
  'unban-user',
  'dismiss-fraud-flag',
  'remove-review',
  'dismiss-review-reports',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<TAuditAction, string> = {
  'approve-ad': 'Approved ad',
  'remove-ad': 'Removed ad',
  'dismiss-ad-reports': 'Dismissed reports on ad',
  'dismiss-conversation-reports': 'Dismissed reports on conversation',
  'ban-user': 'Banned user',
  'unban-user': 'Unbanned user',
  'dismiss-fraud-flag': 'Dismissed a fraud signal on ad',
  'remove-review': 'Removed review',
  'dismiss-review-reports': 'Dismissed reports on review',
};

/** What an audit-log entry is about. */
export const AUDIT_TARGETS = ['ad', 'user', 'conversation', 'review'] as const;
export type TAuditTarget = (typeof AUDIT_TARGETS)[number];

export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_REASON_MAX = 1000;

export const MODERATION_TEXTS = {
  reported: 'Thank you. Our team will look at this ad.',
  alreadyReported: 'You have already reported this ad.',
  cannotReportOwn: 'You cannot report your own ad.',
  notReportable: 'This ad cannot be reported.',
  banned: 'Your account has been suspended. Please contact us if you think this is a mistake.',
  cannotBanAdmin: 'Administrators cannot be banned.',
  alreadyBanned: 'This user is already banned.',
  notBanned: 'This user is not banned.',
  approved: 'Ad approved.',
  removed: 'Ad removed and its owner told why.',
  dismissed: 'Reports dismissed.',
  bannedUser: 'User banned. Their ads are hidden and their sessions ended.',
  unbannedUser: 'User unbanned.',
  removeNeedsReason: 'Please give the owner a reason for removing the ad.',
  noOpenReports: 'There are no open reports to dismiss.',
} as const;
