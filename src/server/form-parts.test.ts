import { describe, expect, it } from 'vitest';
import { boundaryOf, multipartPartCounter } from './form-parts';

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

describe('multipartPartCounter', () => {
  const part = (headers: string, body: string) => `--b\r\n${headers}\r\n\r\n${body}\r\n`;
  const field = (name: string, value: string) => part(`Content-Disposition: form-data; name="${name}"`, value);

  it.each([
    ['three parts', `${field('a', '1')}${field('b', '2')}${field('c', '3')}--b--\r\n`, 3],
    ['a preamble', `hello --b there\r\n${field('a', '1')}--b--\r\n`, 1],
    ['an epilogue that looks like parts', `${field('a', '1')}--b--\r\n--b\r\n${field('x', 'y')}`, 1],
    ['a part without headers', `${part('', 'x')}--b--\r\n`, 1],
    ['a part whose headers never end', '--b\r\nContent-Type: a\r\n--b--\r\n', 1],
    ['an empty part', '--b\r\n--b--\r\n', 1],
    ['a delimiter with one dash after it', `--b-x\r\n\r\nv\r\n--b--`, 1],
    ['the boundary inside data, without its line break', `${field('a', 'x--b--b')}--b--`, 1],
    ['no closing delimiter', `${field('a', '1')}${field('b', '2')}`, 2],
    ['no parts at all', '--b--\r\n', 0],
    ['not multipart', 'hello', 0],
  ])('counts %s', (_, body, expected) => {
    const bytes = Buffer.from(body, 'latin1');
    const whole = multipartPartCounter('b');
    whole.push(bytes);
    expect(whole.parts()).toBe(expected);
    // Split at every byte: a delimiter and the bytes after it may arrive in different chunks.
    for (let at = 0; at <= bytes.length; at++) {
      const split = multipartPartCounter('b');
      split.push(bytes.subarray(0, at));
      split.push(bytes.subarray(at));
      expect(split.parts(), `split at ${at}`).toBe(expected);
    }
    const trickled = multipartPartCounter('b');
    for (const byte of bytes) trickled.push(Buffer.from([byte]));
    expect(trickled.parts()).toBe(expected);
  });

  it('is not fooled by a large file made of dashes', () => {
    const counter = multipartPartCounter('b');
    counter.push(Buffer.from('--b\r\nContent-Disposition: form-data; name="v"; filename="v"\r\n\r\n'));
    for (let i = 0; i < 100; i++) counter.push(Buffer.alloc(64 * 1024, 0x2d));
    counter.push(Buffer.from('\r\n--b--\r\n'));
    expect(counter.parts()).toBe(1);
  });
});
