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

/**
 * The deepest nesting of `[`/`{` in JSON text, counting only brackets outside strings; stops
 * counting (and returns a value above `stopAbove`) as soon as that is exceeded. Linear.
 */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
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
        if (deepest > stopAbove) return deepest;
      }
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return deepest;
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
