import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csv', () => {
  it('quotes cells with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain@example.com')).toBe('plain@example.com');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });

  it('makes cells that a spreadsheet would run as a formula plain text', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}cmd`).startsWith(`'${start}`) || csvCell(`${start}cmd`).startsWith(`"'${start}`)).toBe(
        true,
      );
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes a header and CRLF rows', () => {
    expect(
      toCsv(
        ['email', 'status'],
        [
          ['a@x.io', 'confirmed'],
          ['-b@x.io', 'pending'],
        ],
      ),
    ).toBe("email,status\r\na@x.io,confirmed\r\n'-b@x.io,pending\r\n");
  });
});
