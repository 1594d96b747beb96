import { useEffect, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { ZodType } from 'zod';
import { useSchemaForm } from '../../components/ui/schema-form.ts';
import { apiFetch, type TApiData, type TApiError, type TApiPath, withIdempotencyKey } from '../../lib/api.ts';
import { createSubmissionKeys } from '../../lib/submission-key.ts';
import { notify } from '../../lib/toast.ts';
import { useReturnTo } from './list-return.ts';

type TAnswer = ({ success: true } & Record<string, unknown>) | TApiError;

export type TEntityFormOptions<V extends FieldValues, P extends TApiPath = TApiPath> = {
  /** Empty form values (add mode). */
  defaults: V;
  /** GET endpoint for the edited row, and how its answer becomes form values. */
  loadPath?: (id: string) => P;
  fromAnswer?: (answer: TApiData<P>) => V;
  /** The shared Zod schema: its first issue is the one toast (the schema's field order). */
  schema: ZodType;
  /** What the schema checks, when it is not the form values themselves. */
  toCheck?: (values: V) => unknown;
  /** Sends the form; `id` is the route parameter in edit mode. */
  save: (values: V, id: string | undefined) => Promise<TAnswer>;
  /** Fixed success texts (FAQ added…); otherwise the server's message. */
  successText?: { add: string; edit: string };
  /** Where to go after a successful save. */
  doneTo: string;
};

/**
 * Add/edit form state shared by the admin forms (add mode without an id route parameter,
 * edit mode with one). Loads the row in edit mode, validates with the shared
 * schema, saves, toasts and navigates. Fields live in react-hook-form.
 */
export function useEntityForm<V extends FieldValues, P extends TApiPath = TApiPath>(options: TEntityFormOptions<V, P>) {
  const { id } = useParams();
  const isEdit = id !== undefined;
  const navigate = useNavigate();
  const doneTo = useReturnTo(options.doneTo);
  const { form, submit, errors, failed } = useSchemaForm<V>({
    defaults: options.defaults,
    schema: options.schema,
    toCheck: options.toCheck,
  });
  const [loading, setLoading] = useState(isEdit && !!options.loadPath);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { loadPath, fromAnswer } = options;

  // Loads once per id; the option callbacks are new on every render.
  useEffect(() => {
    if (!isEdit || !loadPath || !fromAnswer || id === undefined) return;
    let live = true;
    setLoading(true);
    // Typed where the form names its path: fromAnswer gets that route's answer.
    const path: TApiPath = loadPath(id);
    void apiFetch(path).then((res) => {
      if (!live) return;
      if (res.success) {
        form.reset(fromAnswer(res as TApiData<P>));
        setLoadError(null);
      } else {
        setLoadError(res.message);
        notify.error(res.message);
      }
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [id, isEdit]);

  // One Idempotency-Key per submission: the same values sent again after a failure reuse it.
  const [submissions] = useState(createSubmissionKeys);
  const onSubmit = submit(async (values) => {
    setBusy(true);
    const res = await withIdempotencyKey(submissions.keyFor({ id, values }), () => options.save(values, id));
    setBusy(false);
    if (!res.success) {
      failed(res);
      return;
    }
    submissions.succeeded();
    const fixed = options.successText?.[isEdit ? 'edit' : 'add'];
    notify.success(fixed ?? String(res.message ?? 'Saved.'));
    navigate(doneTo);
  });

  return { form, errors, id, isEdit, loading, loadError, busy, onSubmit };
}
