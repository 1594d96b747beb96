import { clearPlainFieldError, showPlainFormErrors, type TFieldIssue } from '../../lib/form-errors.ts';
import { clearErrorToasts, toastOnDemand } from './toast-on-demand.ts';

/**
 * The form-error pattern (src/lib/form-errors.ts) for the plain FAQ and newsletter forms: each
 * message under its field, focus on the first, and the first message as the one summary toast;
 * the error toasts of an earlier submission go first. True when there is no issue.
 */
export function reportPlainForm(form: HTMLFormElement, issues: readonly TFieldIssue[], errorClass?: string): boolean {
  void clearErrorToasts();
  showPlainFormErrors(form, issues, errorClass);
  const [first] = issues;
  if (first) void toastOnDemand('error', first.message);
  return !first;
}

/** A field's message goes as soon as the user edits that field. */
export function clearErrorsOnInput(form: HTMLFormElement) {
  form.addEventListener('input', (e) => {
    if (e.target instanceof Element) clearPlainFieldError(form, e.target);
  });
}
