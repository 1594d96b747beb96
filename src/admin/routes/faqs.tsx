import type { ColumnDef } from '@tanstack/react-table';
import type { TApiData } from '../../lib/api.ts';

/** A row of GET /api/faqs. */
type TFaq = TApiData<'/api/faqs'>['data'][number];

import CrudList, { ClampedText, htmlText } from '../components/CrudList.tsx';

const columns: ColumnDef<TFaq>[] = [
  { accessorKey: 'question', header: 'Question', cell: ({ getValue }) => <ClampedText text={getValue<string>()} /> },
  {
    id: 'answer',
    header: 'Answer',
    accessorFn: (f) => htmlText(f.answer),
    cell: ({ getValue }) => <ClampedText text={getValue<string>()} />,
  },
];

/** The FAQ admin list (Faqs). */
export default function Faqs() {
  return (
    <CrudList<TFaq>
      title="Faqs"
      listPath="/api/faqs"
      columns={columns}
      addLabel="Add FAQ"
      addTo="/faq-form"
      editTo={(f) => `/faq-form/${f.id}`}
      deletePath={(f) => `/api/faqs/${f.id}`}
      describe={() => 'this FAQ'}
      emptyText="No questions yet. FAQs show on the public FAQ page."
    />
  );
}
