import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_MAX } from '../../api/constants/field-limits.ts';
import { ZAdForm } from '../../api/schemas/ad.ts';
import { ZContactMessage } from '../../api/schemas/inbox.ts';
import { ZPlanRequest } from '../../api/schemas/plan-request.ts';

// The fields' longest values live in api/constants/field-limits.ts (and the few constants
// beside their rules): the schemas refuse past them and the forms set them as maxlength.

const SRC = path.resolve(import.meta.dirname, '../../src');
function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.(astro|tsx|ts)$/.test(e.name) ? [p] : [];
  });
}

describe('field limits', () => {
  it('no form in src/ writes a maxlength number of its own', () => {
    const literal = /maxlength="\d+"|maxLength=\{\s*[\d_]+\s*\}/i;
    const found = files(SRC).filter((f) => literal.test(fs.readFileSync(f, 'utf8')));
    expect(found.map((f) => path.relative(SRC, f))).toEqual([]);
  });

  it('the schemas refuse one character past each limit and take the limit itself', () => {
    const contact = { name: 'Ann', email: 'ann@example.com', message: 'Hi' };
    const ok = (r: { success: boolean }) => r.success;
    expect(ok(ZContactMessage.safeParse({ ...contact, name: 'n'.repeat(FIELD_MAX.personName) }))).toBe(true);
    expect(ok(ZContactMessage.safeParse({ ...contact, name: 'n'.repeat(FIELD_MAX.personName + 1) }))).toBe(false);
    expect(ok(ZContactMessage.safeParse({ ...contact, message: 'm'.repeat(FIELD_MAX.message + 1) }))).toBe(false);
    expect(ok(ZContactMessage.safeParse({ ...contact, phone: '1'.repeat(FIELD_MAX.phone + 1) }))).toBe(false);
    const local = 'a'.repeat(FIELD_MAX.email - '@example.com'.length + 1);
    expect(ok(ZContactMessage.safeParse({ ...contact, email: `${local}@example.com` }))).toBe(false);
    const ad = { heading: 'h', description: '<p>d</p>', category: 'c', price: '1', rating: '3', location: 'l' };
    expect(ok(ZAdForm.safeParse({ ...ad, heading: 'h'.repeat(FIELD_MAX.adHeading) }))).toBe(true);
    expect(ok(ZAdForm.safeParse({ ...ad, heading: 'h'.repeat(FIELD_MAX.adHeading + 1) }))).toBe(false);
    expect(ok(ZAdForm.safeParse({ ...ad, location: 'l'.repeat(FIELD_MAX.adLocation + 1) }))).toBe(false);
    const plan = { planId: 2, telephone: '+1 555 0100', businessName: 'B' };
    expect(ok(ZPlanRequest.safeParse({ ...plan, note: 'n'.repeat(FIELD_MAX.planNote + 1) }))).toBe(false);
    expect(ok(ZPlanRequest.safeParse({ ...plan, businessName: 'b'.repeat(FIELD_MAX.businessName + 1) }))).toBe(false);
  });
});
