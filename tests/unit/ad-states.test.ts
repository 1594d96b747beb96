import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AD_STATES, OWNER_STATUSES, type TAdState, VISIBLE_STATES } from '../../api/constants/ad-states.ts';
import {
  AD_TRANSITIONS,
  canRenew,
  nextAdState,
  ownerActionFor,
  ownerActions,
  renewedState,
  type TAdAction,
  type TAdActor,
} from '../../api/services/ads/ad-states.ts';

// The state table's rules as docs/AD-STATES.md states them, written out here independently
// of api/services/ads/ad-states.ts: [actor, from, to] for every move that may happen.
const EXPECTED: [TAdActor, TAdState, TAdState][] = [
  ['owner', 'active', 'reserved'],
  ['owner', 'reserved', 'active'],
  ['owner', 'active', 'sold'],
  ['owner', 'reserved', 'sold'],
  ['owner', 'sold', 'active'],
  ['owner', 'active', 'paused'],
  ['owner', 'reserved', 'paused'],
  ['owner', 'paused', 'active'],
  ['owner', 'expired', 'active'],
  ['system', 'active', 'expired'],
  ['system', 'reserved', 'expired'],
  ['system', 'paused', 'expired'],
  ...(['active', 'reserved', 'sold', 'paused', 'expired'] as const).map(
    (s) => ['system', s, 'pending'] as [TAdActor, TAdState, TAdState],
  ),
  ...(['active', 'reserved', 'sold', 'paused', 'expired', 'pending'] as const).map(
    (s) => ['moderator', s, 'removed'] as [TAdActor, TAdState, TAdState],
  ),
  ['moderator', 'removed', 'active'],
];
const allowed = new Set(EXPECTED.map((e) => e.join(' ')));

const ACTORS: TAdActor[] = ['owner', 'moderator', 'system'];
const ACTIONS = [...new Set(AD_TRANSITIONS.map((t) => t.action))] as TAdAction[];
const state = fc.constantFrom(...AD_STATES);
const DAY = 24 * 3600 * 1000;

describe('the ad state table', () => {
  it('allows exactly the documented moves (approve returns to the state before review)', () => {
    fc.assert(
      fc.property(
        state,
        fc.constantFrom(...ACTORS),
        fc.constantFrom(...ACTIONS),
        state,
        (from, actor, action, before) => {
          const to = nextAdState({ state: from, actor, action, beforePending: before });
          if (to === null) return;
          if (action === 'approve') {
            expect(from).toBe('pending');
            expect(to).toBe(['pending', 'removed'].includes(before) ? 'active' : before);
          } else {
            expect(allowed.has(`${actor} ${from} ${to}`), `${actor} ${action}: ${from} → ${to}`).toBe(true);
          }
        },
      ),
    );
    // …and every documented move is reachable by some action.
    for (const [actor, from, to] of EXPECTED) {
      const reached = ACTIONS.some((action) => nextAdState({ state: from, actor, action }) === to);
      expect(reached, `${actor}: ${from} → ${to}`).toBe(true);
    }
  });

  it('never lets the owner or the system move a removed ad, nor the owner a pending one', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ACTIONS), (action) => {
        expect(nextAdState({ state: 'removed', actor: 'owner', action })).toBeNull();
        expect(nextAdState({ state: 'removed', actor: 'system', action })).toBeNull();
        expect(nextAdState({ state: 'pending', actor: 'owner', action })).toBeNull();
      }),
    );
  });

  it('holding then approving brings any held ad back where it was', () => {
    fc.assert(
      fc.property(state, (from) => {
        const held = nextAdState({ state: from, actor: 'system', action: 'hold' });
        if (!held) {
          expect(['pending', 'removed']).toContain(from);
          return;
        }
        expect(held).toBe('pending');
        expect(nextAdState({ state: held, actor: 'moderator', action: 'approve', beforePending: from })).toBe(from);
      }),
    );
  });

  it('maps what changeAdStatus asks for to the one owner move that does it', () => {
    fc.assert(
      fc.property(state, fc.constantFrom(...OWNER_STATUSES), (from, target) => {
        const action = ownerActionFor(from, target);
        if (action === null) {
          expect(allowed.has(`owner ${from} ${target}`) && from !== 'expired').toBe(false);
          return;
        }
        expect(action).not.toBe('renew');
        expect(nextAdState({ state: from, actor: 'owner', action })).toBe(target);
      }),
    );
  });

  it('renews expired ads always, ads on offer only in their last days, others never', () => {
    fc.assert(
      fc.property(state, fc.integer({ min: -40, max: 40 }), (from, daysLeft) => {
        const now = new Date('2026-06-01T12:00:00Z');
        const expiresAt = new Date(now.getTime() + daysLeft * DAY);
        const next = renewedState(from, expiresAt, now);
        if (from === 'expired') expect(next).toBe('active');
        else if (['active', 'reserved', 'paused'].includes(from)) expect(next).toBe(daysLeft <= 3 ? from : null);
        else expect(next).toBeNull();
        expect(canRenew(from, expiresAt, now)).toBe(next !== null);
      }),
    );
  });

  it('offers the owner exactly the buttons whose moves are allowed now', () => {
    fc.assert(
      fc.property(state, fc.integer({ min: -10, max: 60 }), (from, daysLeft) => {
        const now = new Date('2026-06-01T12:00:00Z');
        const expiresAt = new Date(now.getTime() + daysLeft * DAY);
        const actions = ownerActions(from, expiresAt, now);
        for (const action of actions) {
          const ok =
            action === 'renew'
              ? renewedState(from, expiresAt, now) !== null
              : nextAdState({ state: from, actor: 'owner', action }) !== null;
          expect(ok, `${from}: ${action}`).toBe(true);
        }
        if (from === 'pending' || from === 'removed') expect(actions).toEqual([]);
      }),
    );
  });

  it('shows the public only active and reserved ads', () => {
    expect([...VISIBLE_STATES]).toEqual(['active', 'reserved']);
  });
});
