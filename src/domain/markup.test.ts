import { describe, expect, it } from 'vitest';
import { escapeMarkup } from './markup';

describe('escapeMarkup', () => {
  it.each([
    ['Tom & Jerry', 'Tom &amp; Jerry'],
    ['<b>x</b>', '&lt;b&gt;x&lt;/b&gt;'],
    ['say "hi"', 'say &quot;hi&quot;'],
    ["it's", 'it&#x27;s'],
    ['&amp;', '&amp;amp;'],
    ['plain text, 5×5 — ok', 'plain text, 5×5 — ok'],
    ['', ''],
  ])('writes %j as %j', (text, escaped) => {
    expect(escapeMarkup(text)).toBe(escaped);
  });
});
