/**
 * The one way forms show their errors (docs/SCREENS.md, Form errors): each problem is a
 * message under its field, the field carries aria-invalid="true" and aria-describedby
 * naming the message, and the first invalid field gets the focus, scrolled to the middle of
 * the screen. Client checks and the server's answer both become the same list of
 * `{ field, message }`. React forms use it through useFieldErrors
 * (src/components/ui/field-errors.tsx), the plain FAQ and newsletter forms through
 * showPlainFormErrors below. No React here, so the plain forms stay script-light.
 */

/** One problem of a form: the field's name (as the form names it) and the text shown under it. */
export type TFieldIssue = { field: string; message: string };

/** What the API adds to a 400 validation answer (docs/API.md, Errors). */
export type TAnswerFields = { fields?: readonly { path: string; message: string }[] };

/** The keys of a react-hook-form error itself, below the top of the tree. */
export const ERROR_OWN_KEYS = new Set(['ref', 'message', 'type', 'types']);

/**
 * react-hook-form's error tree as a flat list in the order the resolver recorded it (the
 * schema's field order). Nested fields keep react-hook-form's dotted names (`features.0.value`).
 * At the top every key is a field's name (a form may have a field called `message` or `type`);
 * below it, `message`, `type`, `types` and `ref` are the error's own.
 */
export function issuesFromFormErrors(errors: unknown, prefix = ''): TFieldIssue[] {
  if (!errors || typeof errors !== 'object') return [];
  const out: TFieldIssue[] = [];
  const own = (errors as { message?: unknown }).message;
  if (prefix && typeof own === 'string' && own) out.push({ field: prefix, message: own });
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'root' || (prefix && ERROR_OWN_KEYS.has(key))) continue;
    if (!value || typeof value !== 'object') continue;
    out.push(...issuesFromFormErrors(value, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

/**
 * The server's per-field problems (`fields` on a 400 answer) as form issues. `rename` maps an
 * API field to the form's name for it; fields the form does not know are left out (their
 * message still reaches the user in the summary toast).
 */
export function issuesFromAnswer(
  answer: unknown,
  known: readonly string[],
  rename: Record<string, string> = {},
): TFieldIssue[] {
  const fields = (answer as TAnswerFields | null)?.fields;
  if (!Array.isArray(fields)) return [];
  const out: TFieldIssue[] = [];
  for (const f of fields) {
    if (!f || typeof f.path !== 'string' || typeof f.message !== 'string') continue;
    const field = rename[f.path] ?? f.path;
    if (known.includes(field) || known.includes(field.split('.')[0] ?? '')) out.push({ field, message: f.message });
  }
  return out;
}

/**
 * Hand-written checks as issues: `[field, ok, message]` in the form's order; a field gets the
 * message of its first failing check only.
 */
export function issuesFromChecks(checks: readonly (readonly [string, boolean, string])[]): TFieldIssue[] {
  const out: TFieldIssue[] = [];
  for (const [field, ok, message] of checks) {
    if (!ok && !out.some((i) => i.field === field)) out.push({ field, message });
  }
  return out;
}

/** The first message for each field (later duplicates are dropped), in order. */
export function firstPerField(issues: readonly TFieldIssue[]): TFieldIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    if (seen.has(i.field)) return false;
    seen.add(i.field);
    return true;
  });
}

/** The id of the message element under a field whose control has id `controlId`. */
export const errorIdFor = (controlId: string) => `${controlId}-error`;

/**
 * Moves the focus to the first invalid field inside `root` (document order is the form's
 * order) and scrolls it to the middle of the screen, so on a phone the field and its message
 * are both in view. A form whose first problem has no focusable control (a rich-text
 * editor, a photo list) scrolls that message into view instead.
 */
export function focusFirstInvalid(root: ParentNode | null | undefined): HTMLElement | null {
  if (!root) return null;
  const control = root.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])');
  const message = root.querySelector<HTMLElement>('[data-field-error]');
  // A message that comes before the first invalid control is the first problem.
  const first =
    control && message && message.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING
      ? message
      : (control ?? message);
  if (!first) return null;
  if (first === control) control.focus({ preventScroll: true });
  first.scrollIntoView?.({ block: 'center' });
  return first;
}

const PLAIN_ERROR_CLASS = 'mt-1 text-sm text-red-700';

/**
 * The same errors for a plain (non-React) form: every named control in `issues` gets
 * aria-invalid and a message element after it, linked by aria-describedby; controls that are
 * fine again lose both. Focus goes to the first invalid field. `errorClass` styles the message
 * (a dark band needs another colour).
 */
export function showPlainFormErrors(
  form: HTMLFormElement,
  issues: readonly TFieldIssue[],
  errorClass = PLAIN_ERROR_CLASS,
): HTMLElement | null {
  const byField = new Map(firstPerField(issues).map((i) => [i.field, i.message]));
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement))
      continue;
    if (!el.name || !el.id) continue;
    const errorId = errorIdFor(el.id);
    const described = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((t) => t && t !== errorId);
    form.querySelector(`#${CSS.escape(errorId)}`)?.remove();
    const message = byField.get(el.name);
    if (message) {
      const p = document.createElement('p');
      p.id = errorId;
      p.className = errorClass;
      p.dataset.fieldError = el.name;
      p.textContent = message;
      (el.parentElement ?? form).append(p);
      el.setAttribute('aria-invalid', 'true');
      el.setAttribute('aria-describedby', [errorId, ...described].join(' '));
    } else {
      el.removeAttribute('aria-invalid');
      if (described.length) el.setAttribute('aria-describedby', described.join(' '));
      else el.removeAttribute('aria-describedby');
    }
  }
  return issues.length ? focusFirstInvalid(form) : null;
}

/** Takes one plain-form control's message away (the user is editing it); other fields keep theirs. */
export function clearPlainFieldError(form: HTMLFormElement, el: Element) {
  if (!(el instanceof HTMLElement) || !el.id || el.getAttribute('aria-invalid') !== 'true') return;
  const errorId = errorIdFor(el.id);
  form.querySelector(`#${CSS.escape(errorId)}`)?.remove();
  el.removeAttribute('aria-invalid');
  const rest = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((t) => t && t !== errorId);
  if (rest.length) el.setAttribute('aria-describedby', rest.join(' '));
  else el.removeAttribute('aria-describedby');
}

/** The image types the server accepts (api/storage/images.ts), told apart by their first bytes. */
export type TImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** Bytes read from the start of a file: enough for every signature below. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, text: string) =>
  bytes.length >= from + text.length && [...text].every((ch, i) => bytes[from + i] === ch.charCodeAt(0));

/**
 * What an image really is, from its first bytes (the name and the browser's type can lie: a
 * text file renamed photo.jpg is still text). JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A,
 * WebP RIFF….WEBP, GIF GIF87a/GIF89a, AVIF ….ftypavif/avis. Anything else: null.
 */
export function sniffImage(bytes: Uint8Array): TImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'webp';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'gif';
  if (ascii(bytes, 4, 'ftypavif') || ascii(bytes, 4, 'ftypavis')) return 'avif';
  return null;
}

/** sniffImage on a chosen file: reads only its first bytes. */
export async function sniffImageFile(file: Blob): Promise<TImageKind | null> {
  const head = await file.slice(0, SNIFF_BYTES).arrayBuffer();
  return sniffImage(new Uint8Array(head));
}
