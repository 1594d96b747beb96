import { asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { filterNumber, type TSortOrder, type TUserListSort } from '../../schemas/admin-list.ts';

export type TUserListFilter = {
  /** The filter box: part of a name, email or role, or a user's id. */
  q?: string;
  /** A column to sort on; without it, by id. */
  sort?: TUserListSort;
  order?: TSortOrder;
};

/** LIKE's own wildcards typed into the box are matched as themselves. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filter as a condition. A substring match (ILIKE) scans the users table: users are far
 * fewer than ads (thousands, not hundreds of thousands), so a scan stays a few ms and a
 * trigram index would cost every sign-up for no visible gain.
 */
export function usersWhere(q = ''): SQL | undefined {
  if (!q) return undefined;
  const like = `%${likeEscape(q)}%`;
  const id = filterNumber(q)?.id;
  return or(
    ilike(users.name, like),
    ilike(users.email, like),
    ilike(users.role, like),
    id === undefined ? undefined : eq(users.id, id),
  );
}

/** Names sort case-blind, as the table always did; id breaks ties so pages never overlap. */
export function usersOrder(sort: TUserListSort | undefined, order: TSortOrder = 'asc'): SQL[] {
  const dir = order === 'desc' ? desc : asc;
  if (sort === 'name') return [dir(sql`lower(${users.name})`), dir(users.id)];
  if (sort === 'email' || sort === 'role') return [dir(users[sort]), dir(users.id)];
  return [dir(users.id)];
}

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  subscription: users.subscription,
};

/** Field by field: the password hash is never selected. */
export function selectUsers(where: SQL | undefined) {
  return db().select(userColumns).from(users).where(where);
}

/** The admin screen's rows: the user and whether (and why) they are banned. */
export function selectUsersWithBan(where: SQL | undefined) {
  return db()
    .select({
      ...userColumns,
      banned: sql<boolean>`${users.bannedAt} IS NOT NULL`,
      banReason: sql<string>`CASE WHEN ${users.bannedAt} IS NULL THEN '' ELSE ${users.banReason} END`,
    })
    .from(users)
    .where(where);
}

/** GET /api/users without paging: every matching user (all of them, by id, unless asked). */
export async function listUsers(options: TUserListFilter = {}) {
  return selectUsers(usersWhere(options.q)).orderBy(...usersOrder(options.sort, options.order));
}
