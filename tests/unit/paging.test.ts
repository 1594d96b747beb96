import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { ZAdQuery } from '../../api/schemas/ad-query.ts';
import { ZAdListQuery, ZUserListQuery } from '../../api/schemas/admin-list.ts';
import { ZInboxListQuery } from '../../api/schemas/inbox.ts';
import { ZConversationListQuery } from '../../api/schemas/messages.ts';
import { ZAuditLogQuery } from '../../api/schemas/moderation.ts';
import { ZSubscriberListQuery } from '../../api/schemas/newsletter.ts';
import { ZPlanRequestListQuery } from '../../api/schemas/plan-request.ts';
import { ZSellerQuery } from '../../api/schemas/seller.ts';

// One paging rule for every list (api/schemas/paging.ts): the same bounds and the same
// sentences wherever a page or a limit is read.

const LISTS: [string, ZodType][] = [
  ['ads (public)', ZAdQuery],
  ['ads (admin)', ZAdListQuery],
  ['users', ZUserListQuery],
  ['inbox', ZInboxListQuery],
  ['conversations', ZConversationListQuery],
  ['audit log', ZAuditLogQuery],
  ['subscribers', ZSubscriberListQuery],
  ['plan requests', ZPlanRequestListQuery],
  ['seller page', ZSellerQuery],
];
const firstMessage = (schema: ZodType, input: Record<string, string>) => {
  const r = schema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('paging', () => {
  it.each(LISTS)('%s: page 1 to 100000, the same sentences', (_, schema) => {
    expect(firstMessage(schema, { page: '0' })).toBe('page must be a whole number of at least 1.');
    expect(firstMessage(schema, { page: 'two' })).toBe('page must be a whole number of at least 1.');
    expect(firstMessage(schema, { page: '1.5' })).toBe('page must be a whole number of at least 1.');
    expect(firstMessage(schema, { page: '100001' })).toBe('page must be at most 100000.');
    expect(firstMessage(schema, { page: '100000' })).toBeNull();
    expect(firstMessage(schema, { page: '' })).toBeNull();
  });

  it('refuses a limit past 100 everywhere but the public list, which cuts it', () => {
    for (const [name, schema] of LISTS.filter(([n]) => n !== 'ads (public)' && n !== 'seller page')) {
      expect(firstMessage(schema, { limit: '101' }), name).toBe('limit must be a whole number from 1 to 100.');
      expect(firstMessage(schema, { limit: '0' }), name).toBe('limit must be a whole number from 1 to 100.');
    }
    expect((ZAdQuery.parse({ limit: '500' }) as { limit: number }).limit).toBe(100);
  });

  it('accepts every page in range on every list (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (page) =>
        LISTS.every(([, schema]) => firstMessage(schema, { page: String(page) }) === null),
      ),
    );
  });
});
