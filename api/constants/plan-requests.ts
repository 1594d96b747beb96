/**
 * The states of a plan request (the plan_requests table and the admin list). In a module that
 * imports nothing, so the browser's list can name them without pulling in the schema.
 */
export const PLAN_REQUEST_STATES = ['pending', 'approved', 'declined', 'replaced'] as const;
export type TPlanRequestState = (typeof PLAN_REQUEST_STATES)[number];
