/**
 * One Idempotency-Key per form submission. A submission is the values sent: pressing the
 * button again with the same values after a failure (a dropped connection, a timeout, a 503)
 * is a retry of the same submission and reuses its key, so if the first attempt did reach the
 * server the retry gets that answer instead of storing a second copy. Changing a value, or a
 * success, starts a new submission with a new key.
 */
export function createSubmissionKeys() {
  let last: { key: string; fingerprint: string } | null = null;
  return {
    keyFor(values: unknown): string {
      const fingerprint = fingerprintOf(values);
      if (!last || last.fingerprint !== fingerprint) last = { key: newIdempotencyKey(), fingerprint };
      return last.key;
    },
    succeeded() {
      last = null;
    },
  };
}

/** A random UUID; crypto.randomUUID exists only in secure contexts (https, localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function describeBlob(b: Blob): string {
  const f = b as Partial<File>;
  return `blob:${f.name ?? ''}:${b.size}:${f.lastModified ?? ''}:${b.type}`;
}

/** Files count by name, size, date and type: their bytes are not read. */
function fingerprintOf(values: unknown): string {
  const plain =
    typeof FormData !== 'undefined' && values instanceof FormData
      ? [...values.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : describeBlob(v)])
      : values;
  return JSON.stringify(plain, (_k, v) => (typeof Blob !== 'undefined' && v instanceof Blob ? describeBlob(v) : v));
}
