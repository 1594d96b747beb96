import type { ColumnDef } from '@tanstack/react-table';
import type { TApiData } from '../../lib/api.ts';
import BanAction from '../components/BanAction.tsx';
import CrudList from '../components/CrudList.tsx';

/** A row of GET /api/users. */
type TUserRow = TApiData<'/api/users'>['users'][number];

const columns: ColumnDef<TUserRow>[] = [
  { accessorKey: 'id', header: 'Id' },
  {
    accessorKey: 'name',
    header: 'Name',
    // A banned member says so beside the name, with the reason on hover.
    cell: ({ row }) => (
      <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
        {row.original.name}
        {row.original.banned && (
          <span
            className="whitespace-nowrap rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800"
            title={row.original.banReason || undefined}
          >
            Banned
          </span>
        )}
      </span>
    ),
  },
  {
    accessorKey: 'email',
    header: 'Email',
    cell: ({ getValue }) => <span className="whitespace-nowrap">{getValue<string>()}</span>,
  },
  {
    accessorKey: 'role',
    header: 'Role',
    cell: ({ getValue }) => {
      const role = getValue<string>();
      return (
        <span
          className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${role === 'admin' ? 'bg-primary/10 text-primary-ink' : 'bg-slate-100 text-slate-700'}`}
        >
          {role}
        </span>
      );
    },
  },
];

/** The Users list, paged, filtered and sorted by the server; each member can be banned or unbanned here. */
export default function Users() {
  return (
    <CrudList<TUserRow>
      title="Users"
      listPath="/api/users"
      listKey="users"
      failText="Unable to get users"
      serverPaging
      columns={columns}
      cardTitle="name"
      addLabel="Add User"
      addTo="/add-user"
      editTo={(u) => `/edit-user/${u.id}`}
      deletePath={(u) => `/api/user/${u.id}`}
      describe={(u) => `user ${u.name}`}
      deleteNote="Their ads, wishlist and sessions are deleted too."
      moreActions={(u, { reload, className }) =>
        u.role === 'admin' ? null : (
          <BanAction user={{ ...u, banned: !!u.banned }} className={className} onDone={reload} />
        )
      }
      emptyText="No users yet."
    />
  );
}
