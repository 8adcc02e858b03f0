import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, isWellFormedText, LINE_BREAKS_MESSAGE, safeText, singleLineText } from './text';

describe('hasControlCharacters', () => {
  it.each([
    ['plain text', false],
    ['tab\tline\nreturn\r', false],
    ['', false],
    ['é ñ 🎬 – “quotes”', false],
    ['\u0000', true],
    ['a\u0001b', true],
    ['\u0008', true],
    ['\u000B', true],
    ['\u000C', true],
    ['\u000E', true],
    ['\u001F', true],
    ['\u007F', true],
    // C1: NEL (U+0085) and the rest of U+0080–U+009F; U+00A0 (no-break space) is text.
    ['\u0080', true],
    ['a\u0085b', true],
    ['\u0090', true],
    ['\u009F', true],
    ['\u007E', false],
    ['\u00A0', false],
    ['\u00FF', false],
    [' ', false],
  ])('%j → %s', (value, expected) => {
    expect(hasControlCharacters(value)).toBe(expected);
  });
});

describe('isWellFormedText', () => {
  it.each([
    ['plain', true],
    ['🎬', true],
    ['a\uD83Cb', false],
    ['\uD83C', false],
    ['\uDFAC', false],
    ['a\uDFACb', false],
    ['\uDFAC\uD83C', false],
    ['🎬\uDFAC', false],
  ])('%j → %s', (value, expected) => {
    expect(isWellFormedText(value)).toBe(expected);
  });
});

describe('safeText', () => {
  // Built in each test, not while the file is collected: Stryker activates a mutant only while tests run.
  const makeSchema = () => safeText({ error: 'Text, please.' }).trim().max(5);

  it('accepts text with tabs and line breaks, and chains', () => {
    expect(makeSchema().parse('  a\tb\n ')).toBe('a\tb');
  });

  it.each([
    ['a\u0000', CONTROL_CHARACTERS_MESSAGE],
    ['a\u0085b', CONTROL_CHARACTERS_MESSAGE],
    ['a\uD800', 'must be valid Unicode text'],
    [42, 'Text, please.'],
  ])('%j → %s', (value, message) => {
    const result = makeSchema().safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('singleLineText', () => {
  const schema = singleLineText();

  it('accepts one line', () => {
    expect(schema.parse('One line, with a\ttab')).toBe('One line, with a\ttab');
  });

  it.each(['a\nb', 'a\rb', 'a\u2028b', 'a\u2029b', '\n'])('refuses %j', (value) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([LINE_BREAKS_MESSAGE]);
  });

  it('still refuses control characters', () => {
    expect(schema.safeParse('a\u0007').error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  it.each(['a\u0085b', '\u0080', 'Title\u009F', 'x\u008Dy'])(
    'refuses the C1 control in %j (NEL is a line break to some readers)',
    (value) => {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    },
  );

  it('accepts the Latin-1 letters right after the C1 range', () => {
    expect(schema.parse('\u00A0Café Noël ÿ')).toBe('\u00A0Café Noël ÿ');
  });
});
