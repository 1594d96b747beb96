import type { ColumnDef } from '@tanstack/react-table';
import type { TApiData } from '../../lib/api.ts';
import CrudList from '../components/CrudList.tsx';

/** A row of GET /api/get-all-pages. */
type TPageRow = TApiData<'/api/get-all-pages'>['data'][number];

const columns: ColumnDef<TPageRow>[] = [
  { accessorKey: 'id', header: 'Id' },
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'slug', header: 'Slug' },
  { accessorKey: 'template', header: 'Template' },
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
      emptyText="No pages yet. Create the About Us page to fill the public About Us screen."
    />
  );
}
