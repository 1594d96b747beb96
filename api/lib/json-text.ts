/**
 * JSON that arrives as text inside a form field (an ad's features, gallery lists, social
 * links). JSON.parse is fast but has no limits of its own: a field of a million `[` builds a
 * million nested arrays before anything can look at the result. So the text is measured
 * first, in one pass, and parsed only when it is short enough and shallow enough.
 * Pure (no Node APIs): the browser forms import the schemas that use it.
 */

export type TJsonTextLimits = {
  /** Longest text accepted, in UTF-16 code units. */
  maxLength: number;
  /** Deepest nesting of arrays and objects accepted (`[]` is depth 1, `[{}]` depth 2). */
  maxDepth: number;
};

export type TJsonTextResult = { ok: true; value: unknown } | { ok: false; reason: 'too-long' | 'too-deep' | 'invalid' };

export type TJsonShape = {
  /** Deepest nesting of arrays and objects (`[]` is 1, `[{}]` 2). */
  depth: number;
  /** Object members (`"key": value` pairs) at any depth. */
  members: number;
};

/**
 * Measures JSON text without parsing it: the deepest nesting of `[`/`{` and the number of
 * object members, counting only what is outside strings. Linear, and it stops as soon as
 * either passes its `stopAbove` (the result then says by how much it passed, at least 1).
 * Takes the text or its UTF-8 bytes: the characters that matter are ASCII, and no byte of a
 * multi-byte UTF-8 sequence is ASCII, so both give the same answer.
 */
export function jsonShape(text: string | Uint8Array, stopAbove: Partial<TJsonShape> = {}): TJsonShape {
  const maxDepth = stopAbove.depth ?? Number.POSITIVE_INFINITY;
  const maxMembers = stopAbove.members ?? Number.POSITIVE_INFINITY;
  const codeAt = typeof text === 'string' ? (i: number) => text.charCodeAt(i) : (i: number) => text[i] as number;
  let depth = 0;
  let deepest = 0;
  let members = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = codeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: the next character is escaped, whatever it is
      else if (ch === 0x22) inString = false;
      continue;
    }
    if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > maxDepth) break;
      }
    } else if (ch === 0x5d || ch === 0x7d) depth--;
    else if (ch === 0x3a) {
      members++;
      if (members > maxMembers) break;
    }
  }
  return { depth: deepest, members };
}

/** The deepest nesting of arrays and objects in JSON text (see jsonShape). */
export function jsonDepth(text: string | Uint8Array, stopAbove = Number.POSITIVE_INFINITY): number {
  return jsonShape(text, { depth: stopAbove }).depth;
}

/** Parses JSON text after checking its length and nesting depth; never throws. */
export function parseJsonText(text: string, limits: TJsonTextLimits): TJsonTextResult {
  if (text.length > limits.maxLength) return { ok: false, reason: 'too-long' };
  if (jsonDepth(text, limits.maxDepth) > limits.maxDepth) return { ok: false, reason: 'too-deep' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}
