import { describe, expect, it } from 'vitest';
import { boundaryOf, isFormDataPart, multipartHeaderCheck } from './form-parts';

describe('boundaryOf', () => {
  it.each([
    ['multipart/form-data; boundary=abc', 'abc'],
    ['multipart/form-data;boundary=----WebKitFormBoundary7MA4YWxk', '----WebKitFormBoundary7MA4YWxk'],
    ['multipart/form-data; BOUNDARY = abc ; charset=utf-8', 'abc'],
    ['multipart/form-data; boundary="a b;c"', 'a b;c'],
    ['multipart/form-data; boundary="a\\"b"', 'a"b'],
    ['multipart/form-data; boundary=a b', 'ab'],
    ['multipart/form-data; boundary=', undefined],
    ['multipart/form-data', undefined],
    [undefined, undefined],
  ])('%j → %j', (contentType, boundary) => {
    expect(boundaryOf(contentType)).toBe(boundary);
  });
});

describe('isFormDataPart (what busboy hands over)', () => {
  it.each([
    ['\r\nContent-Disposition: form-data; name="a"', true],
    ['Content-Disposition: form-data; name="v"; filename="v.webm"\r\nContent-Type: video/webm', true],
    ['content-disposition: FORM-DATA; name="a"', true],
    ['Content-Disposition:form-data; name="a"', true],
    ['Content-Disposition: form-data ; name="a"', true],
    // No name: handed over without one (the clip upload refuses it itself).
    ['Content-Disposition: form-data', true],
    ['Content-Disposition: form-data;\r\n name="a"', true],
    ['Content-Disposition: form-data; name="100%0A"', true],
    ['', false],
    ['Content-Type: image/png', false],
    ['Content-Disposition: attachment; name="a"; filename="a.png"', false],
    ['Content-Disposition: inline', false],
    // Without a parameter the value is the type as it is: extra white space is no form-data.
    ['Content-Disposition:  form-data', false],
    ['Content-Disposition: form-datax; name="a"', false],
    // busboy stops reading headers at the first malformed line.
    ['X-One: 1\r\nno colon here\r\nContent-Disposition: form-data; name="a"', false],
    ['  \r\nContent-Disposition: form-data; name="a"', false],
    [': empty name\r\nContent-Disposition: form-data; name="a"', false],
    // The first Content-Disposition counts.
    ['Content-Disposition: attachment\r\nContent-Disposition: form-data; name="a"', false],
    ['Content-Disposition: form-data; name="a"\r\nContent-Disposition: attachment', true],
    // An RFC 2231 value that decodes to a line break.
    ["Content-Disposition: form-data; name*=utf-8''a%0Ab", false],
    ['Content-Disposition: form-data; name="a"; filename*=utf-8\'\'x%0d.png', false],
  ])('%j → %s', (block, expected) => {
    expect(isFormDataPart(block)).toBe(expected);
  });
});

describe('multipartHeaderCheck', () => {
  const part = (headers: string, body: string) => `--b\r\n${headers}\r\n\r\n${body}\r\n`;
  const field = (name: string, value: string) => part(`Content-Disposition: form-data; name="${name}"`, value);

  it.each([
    ['three form-data parts', `${field('a', '1')}${field('b', '2')}${field('c', '3')}--b--\r\n`, true],
    ['a preamble', `hello --b there\r\n${field('a', '1')}--b--\r\n`, true],
    ['an epilogue with a bad part in it', `${field('a', '1')}--b--\r\n${part('Content-Type: x', 'y')}`, true],
    ['the boundary inside data, without its line break', `${field('a', 'x--b--b\r\n-b')}--b--`, true],
    ['no closing delimiter', `${field('a', '1')}${field('b', '2')}`, true],
    ['no parts at all', '--b--\r\n', true],
    ['a part without Content-Disposition', `${field('a', '1')}${part('Content-Type: image/png', 'x')}--b--\r\n`, false],
    ['an attachment', `${part('Content-Disposition: attachment; name="a"', 'x')}--b--\r\n`, false],
    ['a part without headers', `${part('', 'x')}${field('a', '1')}--b--\r\n`, false],
    ['a part whose headers never end', `--b\r\nContent-Disposition: form-data; name="a"\r\n--b--\r\n`, false],
    ['an empty part', '--b\r\n--b--\r\n', false],
    ['a delimiter with one dash after it', '--b-x\r\n\r\nv\r\n--b--', false],
  ])('%s → %s', (_, body, expected) => {
    const bytes = Buffer.from(body, 'latin1');
    const whole = multipartHeaderCheck('b');
    expect(whole(bytes)).toBe(expected);
    // Split at every byte: a delimiter, a header block and the bytes after them may arrive apart.
    for (let at = 0; at <= bytes.length; at++) {
      const split = multipartHeaderCheck('b');
      const first = split(bytes.subarray(0, at));
      expect(first && split(bytes.subarray(at)), `split at ${at}`).toBe(expected);
    }
    const trickled = multipartHeaderCheck('b');
    let accepted = true;
    for (const byte of bytes) accepted = trickled(Buffer.from([byte])) && accepted;
    expect(accepted).toBe(expected);
  });

  it('says no as soon as the bad part’s headers are in, before the rest of the body', () => {
    const check = multipartHeaderCheck('b');
    expect(check(Buffer.from(field('title', 'A title')))).toBe(true);
    expect(check(Buffer.from('--b\r\nContent-Type: video/webm\r\n\r\n'))).toBe(false);
    expect(check(Buffer.alloc(1024, 1))).toBe(false);
  });

  it('is not fooled by a large file made of dashes and line breaks', () => {
    const check = multipartHeaderCheck('b');
    expect(check(Buffer.from('--b\r\nContent-Disposition: form-data; name="v"; filename="v"\r\n\r\n'))).toBe(true);
    for (let i = 0; i < 100; i++) expect(check(Buffer.from('\r\n-'.repeat(16 * 1024)))).toBe(true);
    expect(check(Buffer.from('\r\n--b--\r\n'))).toBe(true);
  });

  it('refuses a header block longer than busboy reads (80 KiB)', () => {
    const check = multipartHeaderCheck('b');
    expect(check(Buffer.from(`--b\r\nContent-Disposition: form-data; name="a"\r\nX-Long: ${'x'.repeat(80 * 1024)}`))).toBe(false);
  });
});
