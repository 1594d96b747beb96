/**
 * The longest value each text field takes, in one place: the API's schemas refuse longer
 * input with these numbers and the forms (React and Astro) set them as maxlength, so the two
 * never disagree. Imports nothing: any page or island may use it.
 */
export const FIELD_MAX = {
  /** Any email address (RFC 5321's path limit). */
  email: 254,
  /** A person's name on the contact and FAQ forms. */
  personName: 100,
  /** A phone number: contact, FAQ and the Membership Form's telephone. */
  phone: 40,
  /** A contact or FAQ message. */
  message: 5000,
  /** A subject line: contact form, newsletter. */
  subject: 200,
  /** The Membership Form's business name and its note. */
  businessName: 200,
  planNote: 2000,
  /** The search box's text (longer input is cut, not refused). */
  searchText: 200,
  /** An ad's heading and location. */
  adHeading: 150,
  adLocation: 200,
  /** An admin's reply to an inbox message. */
  inboxReply: 10_000,
} as const;
