import type { ColumnDef } from '@tanstack/react-table';
import { uploadUrl } from '../../../api/lib/image-urls.ts';
import type { TApiData } from '../../lib/api.ts';

/** A row of GET /api/testimonials. */
type TTestimonial = TApiData<'/api/testimonials'>['data'][number];

import CrudList, { ClampedText, htmlText } from '../components/CrudList.tsx';

const columns: ColumnDef<TTestimonial>[] = [
  {
    id: 'image',
    header: 'Image',
    enableSorting: false,
    enableGlobalFilter: false,
    cell: ({ row }) =>
      row.original.image ? (
        <img
          src={uploadUrl(row.original.image, 400)}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="h-12 w-12 rounded-full object-cover"
        />
      ) : (
        <span
          className="grid h-12 w-12 place-items-center rounded-full bg-slate-200 font-semibold text-slate-600"
          aria-hidden="true"
        >
          {row.original.name.charAt(0).toUpperCase()}
        </span>
      ),
  },
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'designation', header: 'Designation' },
  {
    id: 'description',
    header: 'Description',
    accessorFn: (t) => htmlText(t.description),
    cell: ({ getValue }) => <ClampedText text={getValue<string>()} />,
  },
];

/** The Testimonials admin list. */
export default function Testimonials() {
  return (
    <CrudList<TTestimonial>
      title="Testimonials"
      listPath="/api/testimonials"
      columns={columns}
      cardTitle="name"
      addLabel="Add Testimonial"
      addTo="/add-testimonial"
      editTo={(t) => `/edit-testimonial/${t.id}`}
      deletePath={(t) => `/api/testimonials/${t.id}`}
      describe={(t) => `testimonial by ${t.name}`}
      emptyText="No testimonials yet. They show in the carousel on About Us."
    />
  );
}
