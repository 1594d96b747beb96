import { ZFaq } from '../../../api/schemas/faq.ts';
import { Input } from '../../components/ui/controls.tsx';
import Field from '../../components/ui/Field.tsx';
import { apiFetch } from '../../lib/api.ts';
import EntityForm from '../components/EntityForm.tsx';
import RichTextField from '../components/RichTextField.tsx';
import { useEntityForm } from '../components/use-entity-form.ts';

type TFaqValues = { question: string; answer: string };

/** FAQ Details: a question and a rich-text answer. */
export default function FaqForm() {
  const state = useEntityForm({
    defaults: { question: '', answer: '' },
    loadPath: (id) => `/api/faqs/${id}`,
    fromAnswer: (res): TFaqValues => {
      const f = res.data;
      return { question: f.question, answer: f.answer };
    },
    schema: ZFaq,
    save: (values, id) => apiFetch(id ? `/api/faqs/${id}` : '/api/faqs', { method: id ? 'PUT' : 'POST', json: values }),
    successText: { add: 'FAQ added', edit: 'FAQ updated' },
    doneTo: '/faqs',
  });
  return (
    <EntityForm state={state} title="FAQ Details" submitLabel={state.isEdit ? 'Update FAQ' : 'Add FAQ'} backTo="/faqs">
      <Field label="Question" htmlFor="faq-question">
        <Input id="faq-question" {...state.form.register('question')} />
      </Field>
      <RichTextField control={state.form.control} name="answer" label="Answer" placeholder="Write the answer here..." />
    </EntityForm>
  );
}
