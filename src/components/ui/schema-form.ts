import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type SubmitHandler,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import type { TApiError } from '../../lib/api.ts';
import { ERROR_OWN_KEYS, issuesFromAnswer } from '../../lib/form-errors.ts';
import { notify } from '../../lib/toast.ts';
import { useFormFieldErrors } from './field-errors.tsx';

/**
 * The first error message in the order the schema checks its fields: the resolver records
 * Zod's issues in that order, and nested errors (a feature row) sit under their field. At the
 * top every key is a field's name (Contact Us has a field called `message`).
 */
export function firstErrorMessage(errors: unknown, top = true): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const own = (errors as { message?: unknown }).message;
  if (!top && typeof own === 'string' && own) return own;
  for (const [key, value] of Object.entries(errors)) {
    if (!top && ERROR_OWN_KEYS.has(key)) continue;
    const found = firstErrorMessage(value, false);
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
 * `summary: false` leaves the toast out where the messages at the fields are the only ones
 * (a modal dialog's form).
 */
export function useSchemaForm<V extends FieldValues>({
  defaults,
  schema,
  toCheck,
  mode,
  summary = true,
}: {
  defaults?: V;
  schema: ZodType;
  toCheck?: (values: V) => unknown;
  mode?: UseFormProps<V>['mode'];
  summary?: boolean;
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
          if (summary) notify.error(firstErrorMessage(errors) ?? 'Please check the form.');
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
