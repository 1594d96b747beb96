import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { membershipPlans } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { PLAN_NOT_FOUND } from './get-plan.ts';

export async function deletePlan({ id }: { id: number }) {
  const rows = await db()
    .delete(membershipPlans)
    .where(eq(membershipPlans.id, id))
    .returning({ id: membershipPlans.id });
  if (!rows[0]) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
}
