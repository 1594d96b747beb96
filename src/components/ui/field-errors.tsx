import {
  createContext,
  type FormHTMLAttributes,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import {
  errorIdFor,
  firstPerField,
  focusFirstInvalid,
  issuesFromFormErrors,
  type TFieldIssue,
} from '../../lib/form-errors.ts';
import { clearErrors } from '../../lib/toast.ts';

/** A field's message and, when the form could find it, its control's id. */
type TShownIssue = TFieldIssue & { controlId?: string };

/** What a field reads to find its message: by the control's name, or by its id. */
type TLookup = (name?: string, controlId?: string) => string | undefined;

const FieldErrorsContext = createContext<TLookup>(() => undefined);

/**
 * The error of the field a Field wraps, from the nearest FieldErrorsProvider: by `name` (what
 * react-hook-form's register gives the control) or by the control's id (a Field's htmlFor).
 */
export function useFieldErrorText(name?: string, controlId?: string): string | undefined {
  return useContext(FieldErrorsContext)(name, controlId);
}

/**
 * One form's field errors (src/lib/form-errors.ts): `show` puts each message under its field
 * and, after the render, focuses the first invalid field and scrolls it into view; `begin`
 * (at every submission) takes the old error toasts away; `clear` drops one field's message
 * when the user edits it. Give the form `ref={errors.formRef}` and wrap its fields in
 * <FieldErrorsProvider value={errors}> so Field and FieldError find their messages.
 */
export function useFieldErrors() {
  const formRef = useRef<HTMLFormElement>(null);
  const [issues, setIssues] = useState<TShownIssue[]>([]);
  const focusNext = useRef(false);

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    focusFirstInvalid(formRef.current);
  }, [issues]);

  const show = useCallback((list: readonly TFieldIssue[]) => {
    const form = formRef.current;
    const shown = firstPerField(list).map((issue): TShownIssue => {
      const control = form?.elements.namedItem(issue.field);
      const el = control instanceof RadioNodeList ? control[0] : control;
      return el instanceof HTMLElement && el.id ? { ...issue, controlId: el.id } : issue;
    });
    focusNext.current = shown.length > 0;
    setIssues(shown);
  }, []);

  const clear = useCallback((field?: string) => {
    setIssues((list) => {
      if (!list.length) return list;
      const next = field === undefined ? [] : list.filter((i) => i.field !== field);
      return next.length === list.length ? list : next;
    });
  }, []);

  const begin = useCallback(() => clearErrors(), []);

  const lookup: TLookup = useCallback(
    (name, controlId) =>
      issues.find((i) => (name !== undefined && i.field === name) || (controlId && i.controlId === controlId))?.message,
    [issues],
  );

  return useMemo(
    () => ({ formRef, issues, show, clear, begin, lookup, message: (field: string) => lookup(field) }),
    [issues, show, clear, begin, lookup],
  );
}

export type TFieldErrors = ReturnType<typeof useFieldErrors>;

export function FieldErrorsProvider({ value, children }: { value: TFieldErrors; children: ReactNode }) {
  return <FieldErrorsContext.Provider value={value.lookup}>{children}</FieldErrorsContext.Provider>;
}

/**
 * The wiring of a hand-built control (one that does not sit in a Field): aria-invalid and
 * aria-describedby naming the <FieldError> with the same `controlId`.
 */
export function errorWiring(message: string | undefined, controlId: string, describedBy?: string) {
  return {
    'aria-invalid': message ? (true as const) : undefined,
    'aria-describedby':
      [message ? errorIdFor(controlId) : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined,
  };
}

/** The message under a hand-built control: its id is what errorWiring names. */
export function FieldError({
  controlId,
  field,
  message,
  className = 'mt-1.5 text-sm text-red-700',
}: {
  controlId: string;
  /** The field's name, for focusFirstInvalid and tests. */
  field?: string;
  message?: string;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={errorIdFor(controlId)} className={className} data-field-error={field ?? controlId}>
      {message}
    </p>
  );
}

/**
 * useFieldErrors for a react-hook-form form: the resolver's errors become field messages
 * (`invalid`), and a field's message goes as soon as the user changes that field.
 */
export function useFormFieldErrors<V extends FieldValues>(form: UseFormReturn<V>) {
  const errors = useFieldErrors();
  const { clear } = errors;
  useEffect(() => {
    const sub = form.watch((_values, { name }) => {
      if (name) clear(name);
    });
    return () => sub.unsubscribe();
  }, [form, clear]);
  const invalid = useCallback((formErrors: unknown) => errors.show(issuesFromFormErrors(formErrors)), [errors.show]);
  return { ...errors, invalid };
}

/**
 * A form whose fields show `errors` (a useFieldErrors value): noValidate (the form's own
 * checks run instead of the browser's bubbles), the ref focusFirstInvalid searches, and the
 * provider Field and FieldError read.
 */
export function ErrorsForm({
  errors,
  children,
  ...props
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'ref' | 'noValidate'> & {
  errors: TFieldErrors;
  children: ReactNode;
}) {
  return (
    <FieldErrorsProvider value={errors}>
      <form ref={errors.formRef} noValidate {...props}>
        {children}
      </form>
    </FieldErrorsProvider>
  );
}
