import type { TAuditAction, TAuditTarget } from '../../constants/moderation.ts';
import type { TSessionUser } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/**
 * Records one moderator action in the audit log, inside the transaction that carries it out,
 * so the log holds exactly the actions that happened.
 */
export async function recordAudit(
  tx: Tx,
  entry: {
    actor: TSessionUser;
    action: TAuditAction;
    targetType: TAuditTarget;
    targetId: number;
    targetLabel: string;
    reason?: string;
  },
) {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel.slice(0, 300),
    reason: entry.reason ?? '',
  });
}
