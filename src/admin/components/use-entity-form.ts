import { zodResolver } from '@hookform/resolvers/zod';
import { type BaseSyntheticEvent, useEffect, useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type SubmitHandler,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { ZodType } from 'zod';
import { useFormFieldErrors } from '../../components/ui/field-errors.tsx';
import { apiFetch, type TApiData, type TApiError, type TApiPath, withIdempotencyKey } from '../../lib/api.ts';
import { issuesFromAnswer } from '../../lib/form-errors.ts';
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
 * The first error message in the order the schema checks its fields: the resolver records
 * Zod's issues in that order, and nested errors (a feature row) sit under their field.
 */
export function firstErrorMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const own = (errors as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'message' || key === 'type') continue;
    const found = firstErrorMessage(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * The one validation path of the admin forms: react-hook-form checked by the shared Zod
 * schema (zodResolver). `toCheck` reshapes the values first where the schema checks what is
 * sent rather than the fields. The submit handler gets the form values as typed (the server
 * parses them again). An invalid form shows each message under its field, focuses the first
 * (useFormFieldErrors) and keeps the one summary toast: the schema's first message. Every
 * submission first takes away the error toasts of the one before. `failed` does the same for
 * the server's answer: its toast, and its per-field problems (`fields`) under their fields.
 */
export function useSchemaForm<V extends FieldValues>({
  defaults,
  schema,
  toCheck,
  mode,
}: {
  defaults?: V;
  schema: ZodType;
  toCheck?: (values: V) => unknown;
  mode?: UseFormProps<V>['mode'];
}) {
  const check = zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<FieldValues>;
  const resolver: Resolver<V> = async (values, context, options) => {
    const result = await check((toCheck ? toCheck(values) : values) as FieldValues, context, options as never);
    const errors = result.errors as FieldErrors<V>;
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
  const form = useForm<V>({
    defaultValues: defaults as DefaultValues<V> | undefined,
    resolver,
    mode,
    // useFormFieldErrors moves the focus (and scrolls), after the messages are on screen.
    shouldFocusError: false,
  });
  const fieldErrors = useFormFieldErrors(form);
  const submit =
    (onValid: SubmitHandler<V>) =>
    (e?: BaseSyntheticEvent): Promise<void> => {
      fieldErrors.begin();
      return form.handleSubmit(
        async (values, event) => {
          fieldErrors.clear();
          await onValid(values, event);
        },
        (errors) => {
          fieldErrors.invalid(errors);
          notify.error(firstErrorMessage(errors) ?? 'Please check the form.');
        },
      )(e);
    };
  /** A refused save: the server's text as the toast, its per-field problems under the fields. */
  const failed = (res: TApiError, title?: string) => {
    notify.error(res.error, title);
    fieldErrors.show(issuesFromAnswer(res, Object.keys(form.getValues())));
  };
  return { form, submit, errors: fieldErrors, failed };
}

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
