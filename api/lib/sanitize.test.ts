import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeAdDescription, sanitizeRichText } from './sanitize.ts';

describe('sanitizeRichText removes what can run or track', () => {
  const removed: [string, string, string][] = [
    ['script tags and their content', '<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['script split to dodge filters', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['event handlers', '<p onclick="steal()" onmouseover="x()">hi</p>', '<p>hi</p>'],
    ['img onerror', '<img src=x onerror=alert(1)>', ''],
    ['javascript: links', '<a href="javascript:alert(1)">x</a>', '<a rel="noopener nofollow">x</a>'],
    ['mixed-case javascript:', '<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="noopener nofollow">x</a>'],
    ['entity-obfuscated javascript:', '<a href="java&#x09;script:alert(1)">x</a>', '<a rel="noopener nofollow">x</a>'],
    ['data: links', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a rel="noopener nofollow">x</a>'],
    ['iframes', '<iframe src="https://evil.test"></iframe><p>ok</p>', '<p>ok</p>'],
    ['svg with onload', '<svg onload="alert(1)"><circle /></svg>', ''],
    ['style elements', '<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf">', ''],
    ['forms and inputs', '<form action="https://evil.test"><input autofocus onfocus="x()"></form>', ''],
    [
      'meta refresh and base',
      '<meta http-equiv="refresh" content="0;url=https://evil.test"><base href="https://evil.test">',
      '',
    ],
    ['css url() in styles', '<div style="background:url(javascript:alert(1))">d</div>', '<div>d</div>'],
    ['css expression()', '<span style="color: expression(alert(1))">e</span>', '<span>e</span>'],
    [
      'layout-breaking styles',
      '<span style="position:fixed;top:0;color:red">p</span>',
      '<span style="color:red">p</span>',
    ],
    ['foreign images (tracking pixels)', '<img src="https://evil.test/pixel.gif">', ''],
    ['data: images', '<img src="data:image/png;base64,AAAA">', ''],
    ['path tricks in image sources', '<img src="/uploads/../secret.webp"><img src="/uploads/a/b.webp">', ''],
    ['protocol-relative links', '<a href="//evil.test">x</a>', '<a rel="noopener nofollow">x</a>'],
    ['an unknown dir value', '<p dir="javascript:x">t</p>', '<p>t</p>'],
  ];
  it.each(removed)('%s', (_what, input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });
});

describe('sanitizeRichText keeps what the editor produces', () => {
  it('headings, lists, quote, code, sub/sup, underline and strike', () => {
    const html =
      '<h1>T</h1><h6>t</h6><ul><li><p>a</p></li></ul><ol><li><p>b</p></li></ol><blockquote><p>q</p></blockquote>' +
      '<p><code>c</code> H<sub>2</sub>O x<sup>2</sup> <u>u</u> <s>s</s> <strong>b</strong> <em>i</em></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });
  it('colour, background, size, font, alignment, indent and direction', () => {
    expect(
      sanitizeRichText(
        '<p style="text-align: center; margin-left: 2em" dir="rtl"><span style="color: #e11d48; background-color: rgb(253, 230, 138); font-size: 0.75em; font-family: Georgia, serif">x</span></p>',
      ),
    ).toBe(
      '<p style="text-align:center;margin-left:2em" dir="rtl"><span style="color:#e11d48;background-color:rgb(253, 230, 138);font-size:0.75em;font-family:Georgia, serif">x</span></p>',
    );
  });
  it('links get rel=noopener nofollow (and keep a new-tab target)', () => {
    expect(sanitizeRichText('<a href="https://ok.test" target="_blank" rel="opener">ok</a>')).toBe(
      '<a href="https://ok.test" target="_blank" rel="noopener nofollow">ok</a>',
    );
    expect(sanitizeRichText('<a href="mailto:a@b.test">m</a>')).toBe(
      '<a href="mailto:a@b.test" rel="noopener nofollow">m</a>',
    );
  });
  it('images from our own /uploads', () => {
    expect(sanitizeRichText('<img src="/uploads/rte-1-1200.webp" alt="a">')).toBe(
      '<img src="/uploads/rte-1-1200.webp" alt="a" />',
    );
  });
  it('turns non-breaking spaces into spaces and trims', () => {
    expect(sanitizeRichText('  <p>a&nbsp;b\u00a0c</p>  ')).toBe('<p>a b c</p>');
    expect(sanitizeRichText(null)).toBe('');
  });
});

describe('htmlToText', () => {
  it('gives the visible text only', () => {
    expect(htmlToText('<p>Fish &amp; chips</p><script>x()</script><p>a&nbsp;b</p>')).toBe('Fish & chips a b');
  });
});

describe('sanitizeRichText tidies the editor output', () => {
  it('drops trailing empty paragraphs (the editor adds one after an image)', () => {
    expect(sanitizeRichText('<p>a</p><img src="/uploads/x.webp"><p></p><p><br></p>')).toBe(
      '<p>a</p><img src="/uploads/x.webp" />',
    );
    expect(sanitizeRichText('<p></p><p>a</p>')).toBe('<p></p><p>a</p>');
    expect(sanitizeRichText('<p></p>')).toBe('');
  });
});

describe('sanitizeAdDescription keeps structure, not the seller’s styling', () => {
  it('keeps bold, italics, lists, links, headings, quotes, alignment, indent and direction', () => {
    const html =
      '<h2>Specs</h2><p style="text-align:center;margin-left:2em" dir="rtl"><strong>b</strong> <em>i</em> <u>u</u></p>' +
      '<ul><li>a</li></ul><ol><li>b</li></ol><blockquote><p>q</p></blockquote>' +
      '<p class="ql-align-center"><a href="https://ok.test" rel="noopener nofollow">link</a></p>';
    expect(sanitizeAdDescription(html)).toBe(html);
  });
  const dropped: [string, string, string][] = [
    ['font sizes', '<p><span style="font-size:80px">big</span></p>', '<p><span>big</span></p>'],
    [
      'colours and backgrounds, keeping alignment',
      '<p style="color:red;background-color:#ff0;text-align:right">x</p>',
      '<p style="text-align:right">x</p>',
    ],
    ['the background shorthand', '<p style="background:red">x</p>', '<p>x</p>'],
    ['font families', '<span style="font-family:Impact">x</span>', '<span>x</span>'],
    ['<font> tags (their text stays)', '<p><font size="7" color="red" face="Impact">loud</font></p>', '<p>loud</p>'],
    [
      'the editor’s size, colour, background and font classes',
      '<p><span class="ql-size-huge ql-color-red ql-bg-yellow ql-font-serif ql-indent-1">x</span></p>',
      '<p><span class="ql-indent-1">x</span></p>',
    ],
    ['highlight colours', '<mark data-color="#f00" style="background-color:#f00">m</mark>', '<mark>m</mark>'],
    ['icon-font classes', '<i class="fa fa-star">s</i>', '<i>s</i>'],
    ['what can run, as everywhere', '<p onclick="x()">a<script>alert(1)</script></p>', '<p>a</p>'],
  ];
  it.each(dropped)('drops %s', (_what, input, output) => {
    expect(sanitizeAdDescription(input)).toBe(output);
  });
  it('other rich text keeps its styling', () => {
    expect(sanitizeRichText('<span style="font-size:80px;color:red">x</span>')).toBe(
      '<span style="font-size:80px;color:red">x</span>',
    );
  });
});
