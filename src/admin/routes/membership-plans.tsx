import type { ColumnDef } from '@tanstack/react-table';
import type { TApiData } from '../../lib/api.ts';

/** A row of GET /api/memberships. */
type TPlan = TApiData<'/api/memberships'>['data'][number];

import CrudList from '../components/CrudList.tsx';

/** '$' plus the price, or FREE when there is none. */
export function planPrice(price: number | null): string {
  if (price === null || price === undefined) return 'FREE';
  return `$${Number.isInteger(price) ? price : price.toFixed(2)}`;
}

const columns: ColumnDef<TPlan>[] = [
  { accessorKey: 'plan_name', header: 'Name' },
  { accessorKey: 'subscription_type', header: 'Subscription Type' },
  {
    id: 'price',
    accessorFn: (p) => p.price ?? -1,
    header: 'Price',
    cell: ({ row }) => planPrice(row.original.price),
  },
];

/** The Membership Plans admin list. */
export default function MembershipPlans() {
  return (
    <CrudList<TPlan>
      title="Membership Plans"
      listPath="/api/memberships"
      columns={columns}
      addLabel="Add Plan"
      addTo="/add-membership-plan"
      editTo={(p) => `/edit-membership-plan/${p.id}`}
      deletePath={(p) => `/api/memberships/${p.id}`}
      describe={(p) => `plan ${p.plan_name}`}
      emptyText="No plans yet. Plans show on the public Membership page."
    />
  );
}
