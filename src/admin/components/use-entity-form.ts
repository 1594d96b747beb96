import { useEffect, useState } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { ZodType } from 'zod';
import { apiFetch, type TApiError, withIdempotencyKey } from '../../lib/api.ts';
import { createSubmissionKeys } from '../../lib/submission-key.ts';
import { notify } from '../../lib/toast.ts';
import { firstIssue } from './form.tsx';
import { useReturnTo } from './list-return.ts';

type TAnswer = ({ success: true } & Record<string, unknown>) | TApiError;

export type TEntityFormOptions<V extends FieldValues> = {
  /** Empty form values (add mode). */
  defaults: V;
  /** GET endpoint for the edited row, and how its answer becomes form values. */
  loadPath?: (id: string) => string;
  fromAnswer?: (answer: Record<string, unknown>) => V;
  /** The shared Zod schema: its first issue is the one toast (SPEC.md §5 order). */
  schema: ZodType;
  /** What the schema checks, when it is not the form values themselves. */
  toCheck?: (values: V) => unknown;
  /** Sends the form; `id` is the route parameter in edit mode. */
  save: (values: V, id: string | undefined) => Promise<TAnswer>;
  /** SPEC.md §8 fixed success texts (FAQ added…); otherwise the server's message. */
  successText?: { add: string; edit: string };
  /** Where to go after a successful save. */
  doneTo: string;
};

/**
 * Add/edit form state shared by the admin forms (SPEC.md §4: add mode without an id route
 * parameter, edit mode with one). Loads the row in edit mode, validates with the shared
 * schema, saves, toasts and navigates. Fields live in react-hook-form.
 */
export function useEntityForm<V extends FieldValues>(options: TEntityFormOptions<V>) {
  const { id } = useParams();
  const isEdit = id !== undefined;
  const navigate = useNavigate();
  const doneTo = useReturnTo(options.doneTo);
  const form = useForm<V>({ defaultValues: options.defaults as DefaultValues<V> });
  const [loading, setLoading] = useState(isEdit && !!options.loadPath);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { loadPath, fromAnswer } = options;

  // Loads once per id; the option callbacks are new on every render.
  useEffect(() => {
    if (!isEdit || !loadPath || !fromAnswer || id === undefined) return;
    let live = true;
    setLoading(true);
    void apiFetch(loadPath(id)).then((res) => {
      if (!live) return;
      if (res.success) {
        form.reset(fromAnswer(res));
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
  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = options.schema.safeParse(options.toCheck ? options.toCheck(values) : values);
    if (!parsed.success) {
      notify.error(firstIssue(parsed.error));
      return;
    }
    setBusy(true);
    const res = await withIdempotencyKey(submissions.keyFor({ id, values }), () => options.save(values, id));
    setBusy(false);
    if (!res.success) {
      notify.error(res.error);
      return;
    }
    submissions.succeeded();
    const fixed = options.successText?.[isEdit ? 'edit' : 'add'];
    notify.success(fixed ?? String(res.message ?? 'Saved.'));
    navigate(doneTo);
  });

  return { form, id, isEdit, loading, loadError, busy, onSubmit };
}
