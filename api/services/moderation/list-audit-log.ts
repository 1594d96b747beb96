import { count, desc } from 'drizzle-orm';
import type { TAuditAction } from '../../constants/moderation.ts';
import { db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/** listAuditLog: every moderator action, newest first, one page at a time. */
export async function listAuditLog(options: { page: number; limit: number }) {
  const { page, limit } = options;
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(auditLog),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      actor: { id: r.actorId, name: r.actorName },
      action: r.action as TAuditAction,
      targetType: r.targetType,
      targetId: r.targetId,
      targetLabel: r.targetLabel,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
