import type { ColumnDef } from '@tanstack/react-table';
import { publicPagePath } from '../../../api/constants/page-addresses.ts';
import type { TApiData } from '../../lib/api.ts';
import CrudList from '../components/CrudList.tsx';

/** A row of GET /api/get-all-pages. */
type TPageRow = TApiData<'/api/get-all-pages'>['data'][number];

const columns: ColumnDef<TPageRow>[] = [
  { accessorKey: 'id', header: 'Id' },
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'slug', header: 'Slug' },
  { accessorKey: 'template', header: 'Template' },
  {
    id: 'address',
    header: 'Address',
    accessorFn: (p) => publicPagePath(p.slug) ?? '',
    cell: ({ getValue }) => {
      const path = getValue<string>();
      return path ? (
        <a href={path} className="text-primary-ink hover:underline">
          {path}
        </a>
      ) : (
        <span className="text-slate-600">Not published</span>
      );
    },
  },
  {
    id: 'footer',
    header: 'In footer',
    accessorFn: (p) => (p.showInFooter ? 'Yes' : 'No'),
  },
];

/** The Pages list (docs/SCREENS.md). */
export default function Pages() {
  return (
    <CrudList<TPageRow>
      title="Pages"
      listPath="/api/get-all-pages"
      failText="Unable to get pages"
      columns={columns}
      cardTitle="name"
      addLabel="Create Page"
      addTo="/add-edit-page"
      editTo={(p) => `/add-edit-page/${p.id}`}
      deletePath={(p) => `/api/pages/${p.id}`}
      describe={(p) => `page ${p.name}`}
      viewHref={(p) => publicPagePath(p.slug) ?? ''}
      emptyText="No pages yet. Create the About Us page to fill the public About Us screen."
    />
  );
}
