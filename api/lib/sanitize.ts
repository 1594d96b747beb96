import sanitizeHtml from 'sanitize-html';

/** Text direction from the editor; only the real values pass. */
const DIR = { name: 'dir', multiple: false, values: ['ltr', 'rtl', 'auto'] };
const DIR_TAGS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ul', 'ol', 'li', 'div'];

function dropBadDir(tagName: string, attribs: sanitizeHtml.Attributes) {
  if (attribs.dir === undefined || DIR.values.includes(attribs.dir)) return { tagName, attribs };
  const { dir: _drop, ...rest } = attribs;
  return { tagName, attribs: rest };
}

/**
 * The one policy for every user-supplied HTML field (ad descriptions, pages, FAQ answers,
 * testimonials, footer text, ad slots). It keeps what the rich-text editor produces and
 * removes scripts, event handlers, javascript: URLs, iframes and foreign images.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'span',
    'mark',
    'small',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'div',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['style', 'class'],
    // dir (the editor's text-direction button) on block elements, with only its real values.
    ...Object.fromEntries(DIR_TAGS.map((t) => [t, [DIR]])),
    td: ['colspan', 'rowspan', DIR],
    th: ['colspan', 'rowspan', DIR],
    mark: ['data-color'],
  },
  allowedClasses: { '*': [/^ql-[a-z0-9-]+$/, /^text-(left|right|center|justify)$/, /^fa[a-z-]*$/] },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]{3,20}$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]{3,20}$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(\.\d+)?(px|em|rem|%)$/, /^(small|medium|large|x-large|xx-large)$/],
      'font-family': [/^[\w\s,'"-]{1,80}$/],
      'padding-left': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
      'margin-left': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // An unknown dir value is dropped whole (not left as an empty attribute).
    ...Object.fromEntries(DIR_TAGS.map((t) => [t, dropBadDir])),
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener nofollow', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
  },
  exclusiveFilter: (frame) =>
    // Images only from our own uploads: no tracking pixels or mixed content.
    frame.tag === 'img' && !/^\/uploads\/[\w.-]+$/.test(frame.attribs.src ?? ''),
};

/**
 * Ad descriptions keep their structure (paragraphs, headings, bold, italics, lists, links,
 * quotes, alignment, indent) but not the look the seller chose: no colour, background, font
 * size or font family, neither as styles nor as the editor's `ql-size-…`/`ql-color-…` classes
 * or highlight colours, so an ad cannot shout in 80 px red (docs/RULES.md, Rich text). Applied
 * when an ad is saved and again whenever a description is shown, so older ads follow it too.
 */
const AD_DESCRIPTION_POLICY: sanitizeHtml.IOptions = {
  ...POLICY,
  allowedAttributes: { ...POLICY.allowedAttributes, mark: [] },
  allowedClasses: {
    '*': [/^ql-(?!size-|color-|bg-|font-)[a-z0-9-]+$/, /^text-(left|right|center|justify)$/],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      'padding-left': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
      'margin-left': [/^\d{1,3}(\.\d+)?(px|em|rem)$/],
    },
  },
};

/**
 * The answers of a pure text function for the last few short inputs it was given. Every page
 * render cleans the same few settings' HTML again (the advert blocks: 2–3% of a home page's
 * server time); a small memory of recent answers saves that, and a long input (an ad's
 * description) is never kept.
 */
function recentAnswers(fn: (text: string) => string): (text: string) => string {
  const KEEP = 16;
  const LONGEST = 20_000;
  const answers = new Map<string, string>();
  return (text) => {
    if (text.length > LONGEST) return fn(text);
    let answer = answers.get(text);
    if (answer === undefined) {
      answer = fn(text);
      if (answers.size >= KEEP) answers.clear();
      answers.set(text, answer);
    }
    return answer;
  };
}

const cleanRichText = recentAnswers((html) => cleanWith(html, POLICY));

/** The rich-text policy for every field but ad descriptions (see sanitizeAdDescription). */
export function sanitizeRichText(html: string | null | undefined): string {
  return html ? cleanRichText(html) : '';
}

/** An ad description: safe HTML with its structure, without the seller's colours and sizes. */
export function sanitizeAdDescription(html: string | null | undefined): string {
  return cleanWith(html, AD_DESCRIPTION_POLICY);
}

function cleanWith(html: string | null | undefined, policy: sanitizeHtml.IOptions): string {
  if (!html) return '';
  const clean = sanitizeHtml(html, policy);
  // Non-breaking-space entities become spaces, then trimmed (docs/RULES.md, Rich text). The
  // editor's trailing empty paragraphs (after an image or list) are dropped too.
  // Walks back by index and trims rather than testing /^\s*(<br \/>)?\s*$/: that regex
  // backtracks quadratically on a long run of spaces (50,000 took 2.4 s).
  const out = clean.replace(/&nbsp;|\u00a0/g, ' ').trim();
  let end = out.length;
  while (out.endsWith('</p>', end)) {
    const start = out.lastIndexOf('<p>', end - 4);
    if (start < 0) break;
    const inner = out.slice(start + 3, end - 4).trim();
    if (inner !== '' && inner !== '<br />') break;
    end = start;
    while (end > 0 && (out[end - 1] as string).trim() === '') end--;
  }
  return out.slice(0, end);
}

/** Plain text of a rich-text field (search snippets, meta descriptions, "is it empty?"). */
export function htmlToText(html: string | null | undefined): string {
  return html ? recentText(html) : '';
}

function textOf(html: string): string {
  // Block ends and line breaks become spaces, so "<p>a</p><p>b</p>" reads "a b", not "ab".
  const spaced = html.replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr|td|th)\s*>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
const recentText = recentAnswers(textOf);
