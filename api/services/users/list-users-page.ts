import { count } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { selectUsersWithBan, type TUserListFilter, usersOrder, usersWhere } from './list-users.ts';

/** One page of the admin Users list (GET /api/users?page=…) and how many users match. */
export async function listUsersPage(options: TUserListFilter & { page: number; limit: number }) {
  const { page, limit } = options;
  const where = usersWhere(options.q);
  const [rows, [found]] = await Promise.all([
    selectUsersWithBan(where)
      .orderBy(...usersOrder(options.sort, options.order))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(users).where(where),
  ]);
  const total = Number(found?.n ?? 0);
  return { users: rows, total, page, limit, totalPages: Math.ceil(total / limit) };
}
