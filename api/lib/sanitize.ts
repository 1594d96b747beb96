import sanitizeHtml from 'sanitize-html';

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
    '*': ['style', 'class', 'dir'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
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
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener nofollow', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
  },
  exclusiveFilter: (frame) =>
    // Images only from our own uploads: no tracking pixels or mixed content.
    frame.tag === 'img' && !/^\/uploads\/[\w.-]+$/.test(frame.attribs.src ?? ''),
};

export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  const clean = sanitizeHtml(html, POLICY);
  // SPEC.md §4: non-breaking-space entities become spaces, then trimmed.
  return clean.replace(/&nbsp;|\u00a0/g, ' ').trim();
}

/** Plain text of a rich-text field (search snippets, meta descriptions, "is it empty?"). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
