/** Conversation rules shared by the API and the browser (no imports: the browser bundles this). */
export const MESSAGE_MAX_CHARS = 2000;
export const REPORT_REASON_MAX_CHARS = 500;
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 50;
/** What the composer on an ad page starts with. */
export const FIRST_MESSAGE = 'Hi, is this still available?';

export const MESSAGE_TEXTS = {
  text: 'Please write a message.',
  textMax: `A message can be at most ${MESSAGE_MAX_CHARS} characters.`,
  reason: 'Please say why you are reporting this conversation.',
  reasonMax: `The reason can be at most ${REPORT_REASON_MAX_CHARS} characters.`,
  ownAd: 'This is your ad: you cannot message yourself.',
  adNotFound: 'Ad not found.',
  adEnded: 'This ad is no longer on offer, so its seller cannot be messaged about it.',
  notFound: 'Conversation not found.',
  notParticipant: 'Only the buyer and the seller can read this conversation.',
  blocked: 'Messages in this conversation are blocked.',
  /** Blocks are between two people: no new conversation about any ad either. */
  blockedPerson: 'You cannot message this person: one of you has blocked the other.',
  youBlocked: 'You blocked this person. Unblock them to send messages again.',
  notBlocker: 'Only the person who blocked this conversation can unblock it.',
  recipientBanned: 'This person’s account is suspended, so they cannot receive messages.',
  adRemovedOwner: 'A moderator removed this ad, so you can no longer send messages about it.',
  alreadyReported: 'You have already reported this conversation.',
  started: 'Message sent.',
  sent: 'Message sent.',
  loaded: 'Conversations loaded',
  read: 'Marked as read.',
  blockedNow: 'Conversation blocked. Neither of you can send new messages.',
  /** The other side had blocked already: this block is recorded too and stays when theirs is lifted. */
  blockedToo: 'Blocked. They had blocked you already; your block stays even if they lift theirs.',
  unblocked: 'Conversation unblocked.',
  reported: 'Thank you. The conversation was reported to the site’s team.',
  preferences: 'Message preferences saved.',
} as const;
