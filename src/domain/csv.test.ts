import { describe, expect, it } from 'vitest';
import { csvField, csvRecord } from './csv';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['=1+1', "'=1+1"],
    ['+33 1 23', "'+33 1 23"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a=b', 'a=b'],
  ])('%j → %j', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it('writes numbers and nulls as they are', () => {
    expect(csvField(-2.5)).toBe('-2.5');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
  });
});

describe('csvRecord', () => {
  it('joins fields with commas and ends the record with CRLF', () => {
    expect([csvRecord(['a', 'b']), csvRecord(['x', 1]), csvRecord(['y,z', null])].join('')).toBe('a,b\r\nx,1\r\n"y,z",\r\n');
  });
});
