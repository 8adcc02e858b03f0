import { describe, it, expect } from 'vitest';
import {
  chosen,
  optionsText,
  OPTION_LABELS,
  invalidSelections,
  missingOptions,
  missingOptionsMessage,
  normaliseOptions,
  optionsSummary,
  stockState,
  type OfferedOptions,
  type OptionKind,
  type SelectedOptions,
} from './product-options';

describe('normaliseOptions', () => {
  it.each<[string | readonly string[] | null | undefined, string[]]>([
    [null, []],
    [undefined, []],
    ['', []],
    ['  ,  , ', []],
    ['S, M, L', ['S', 'M', 'L']],
    ['S,M,,L,', ['S', 'M', 'L']],
    ['  Black  ,White', ['Black', 'White']],
    ['S, M, S, L, M', ['S', 'M', 'L']],
    ['red, Red', ['red', 'Red']],
    [[], []],
    [
      [' S ', 'M', '', '  '],
      ['S', 'M'],
    ],
    [
      ['Red, Blue', 'Green'],
      ['Red, Blue', 'Green'],
    ],
    [['S', ' S', 'S '], ['S']],
  ])('%j → %j', (value, expected) => {
    expect(normaliseOptions(value)).toEqual(expected);
  });
});

const shirt: OfferedOptions = { shirtSizes: ['S', 'M'], shirtColors: ['Black'], vinylColors: [] };
const vinyl: OfferedOptions = { shirtSizes: [], shirtColors: [], vinylColors: ['Red', 'Clear'] };
const everything: OfferedOptions = { shirtSizes: ['S'], shirtColors: ['Black'], vinylColors: ['Red'] };
const nothing: OfferedOptions = { shirtSizes: [], shirtColors: [], vinylColors: [] };

describe('missingOptions', () => {
  it.each<{ name: string; offered: OfferedOptions; selected: SelectedOptions; expected: OptionKind[] }>([
    { name: 'nothing offered', offered: nothing, selected: {}, expected: [] },
    { name: 'shirt with nothing chosen', offered: shirt, selected: {}, expected: ['shirtSize', 'shirtColor'] },
    { name: 'shirt complete', offered: shirt, selected: { shirtSize: 'M', shirtColor: 'Black' }, expected: [] },
    { name: 'shirt without colour', offered: shirt, selected: { shirtSize: 'S', shirtColor: null }, expected: ['shirtColor'] },
    { name: 'empty string counts as missing', offered: shirt, selected: { shirtSize: '', shirtColor: 'Black' }, expected: ['shirtSize'] },
    { name: 'value outside the list', offered: shirt, selected: { shirtSize: 'XL', shirtColor: 'Black' }, expected: ['shirtSize'] },
    { name: 'case matters', offered: shirt, selected: { shirtSize: 's', shirtColor: 'Black' }, expected: ['shirtSize'] },
    { name: 'vinyl without colour', offered: vinyl, selected: { shirtSize: 'S' }, expected: ['vinylColor'] },
    { name: 'vinyl complete', offered: vinyl, selected: { vinylColor: 'Clear' }, expected: [] },
    { name: 'all offered, none chosen, in order', offered: everything, selected: {}, expected: ['shirtSize', 'shirtColor', 'vinylColor'] },
  ])('$name → $expected', ({ offered, selected, expected }) => {
    expect(missingOptions(offered, selected)).toEqual(expected);
  });
});

describe('missingOptionsMessage', () => {
  it.each<[OptionKind[], string]>([
    [['shirtSize'], 'Please select one option from Shirt Size'],
    [['shirtSize', 'shirtColor'], 'Please select one option from Shirt Size, Shirt Color'],
    [['shirtSize', 'shirtColor', 'vinylColor'], 'Please select one option from Shirt Size, Shirt Color, Vinyl Color'],
    [['vinylColor'], 'Please select one option from Vinyl Color'],
  ])('%j → %s', (missing, expected) => {
    expect(missingOptionsMessage(missing)).toBe(expected);
  });

  it('uses the spec labels', () => {
    expect(OPTION_LABELS).toEqual({ shirtSize: 'Shirt Size', shirtColor: 'Shirt Color', vinylColor: 'Vinyl Color' });
  });
});

describe('invalidSelections', () => {
  it.each<{ name: string; offered: OfferedOptions; selected: SelectedOptions; expected: OptionKind[] }>([
    { name: 'nothing chosen', offered: shirt, selected: {}, expected: [] },
    { name: 'valid choices', offered: shirt, selected: { shirtSize: 'S', shirtColor: 'Black' }, expected: [] },
    { name: 'null and empty are not selections', offered: nothing, selected: { shirtSize: null, vinylColor: '' }, expected: [] },
    { name: 'option not offered', offered: shirt, selected: { vinylColor: 'Red' }, expected: ['vinylColor'] },
    { name: 'value outside the list', offered: shirt, selected: { shirtSize: 'XL' }, expected: ['shirtSize'] },
    {
      name: 'several invalid, in order',
      offered: nothing,
      selected: { vinylColor: 'Red', shirtSize: 'S' },
      expected: ['shirtSize', 'vinylColor'],
    },
  ])('$name → $expected', ({ offered, selected, expected }) => {
    expect(invalidSelections(offered, selected)).toEqual(expected);
  });
});

describe('chosen and optionsText', () => {
  it.each([
    { value: undefined, expected: null },
    { value: null, expected: null },
    { value: '', expected: null },
    { value: '   ', expected: null },
    { value: ' M ', expected: 'M' },
    { value: 'Black', expected: 'Black' },
  ])('chosen($value) → $expected', ({ value, expected }) => {
    expect(chosen(value)).toBe(expected);
  });

  it.each([
    { item: { shirtSize: 'M', shirtColor: 'Black', vinylColor: null }, expected: 'Size M · Black' },
    { item: { shirtSize: null, shirtColor: null, vinylColor: 'Red' }, expected: 'Red vinyl' },
    { item: { shirtSize: 'L', shirtColor: 'White', vinylColor: 'Clear' }, expected: 'Size L · White · Clear vinyl' },
    { item: { shirtSize: null, shirtColor: null, vinylColor: null }, expected: '' },
  ])('optionsText → "$expected"', ({ item, expected }) => {
    expect(optionsText(item)).toBe(expected);
  });
});

describe('optionsSummary', () => {
  const offer = (shirtSizes: string[], shirtColors: string[], vinylColors: string[]) => ({ shirtSizes, shirtColors, vinylColors });
  it.each([
    [offer([], [], []), 'One size'],
    [offer(['S', 'M', 'L'], [], []), '3 sizes'],
    [offer([], ['Black'], ['Red', 'Clear']), '3 colors'],
    [offer(['M'], [], ['Red']), '1 size · 1 color'],
    [offer(['S', 'M'], ['Black', 'White'], []), '2 sizes · 2 colors'],
  ])('%j → %s', (product, text) => {
    expect(optionsSummary(product)).toBe(text);
  });
});

describe('stockState', () => {
  it.each([
    [-1, 'out', 'Out of stock'],
    [0, 'out', 'Out of stock'],
    [1, 'low', 'Only 1 left'],
    [5, 'low', 'Only 5 left'],
    [6, 'in', 'In stock'],
  ])('%i → %s, %s', (stock, tone, label) => {
    expect(stockState(stock)).toEqual({ tone, label });
  });
});
