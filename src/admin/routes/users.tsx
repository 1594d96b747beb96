import type { ColumnDef } from '@tanstack/react-table';
import type { TApiData } from '../../lib/api.ts';
import CrudList from '../components/CrudList.tsx';

/** A row of GET /api/users. */
type TUserRow = TApiData<'/api/users'>['users'][number];

const columns: ColumnDef<TUserRow>[] = [
  { accessorKey: 'id', header: 'Id' },
  { accessorKey: 'name', header: 'Name' },
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

/** The Users list, paged, filtered and sorted by the server. */
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
      emptyText="No users yet."
    />
  );
}
