import { describe, expect, it } from 'vitest';
import { clampPage, lastPage } from './paging';

describe('lastPage', () => {
  it.each([
    { total: 0, pageSize: 4, expected: 1 },
    { total: 1, pageSize: 4, expected: 1 },
    { total: 4, pageSize: 4, expected: 1 },
    { total: 5, pageSize: 4, expected: 2 },
    { total: 9, pageSize: 4, expected: 3 },
  ])('$total items by $pageSize → $expected', ({ total, pageSize, expected }) => {
    expect(lastPage(total, pageSize)).toBe(expected);
  });
});

describe('clampPage', () => {
  it.each([
    { page: 1, pageSize: 4, total: 9, expected: 1 },
    { page: 3, pageSize: 4, total: 9, expected: 3 },
    { page: 4, pageSize: 4, total: 9, expected: 3 },
    { page: 99, pageSize: 4, total: 8, expected: 2 },
    { page: 0, pageSize: 4, total: 9, expected: 1 },
    { page: -5, pageSize: 4, total: 9, expected: 1 },
    { page: 2.7, pageSize: 4, total: 9, expected: 2 },
    { page: 2, pageSize: 4, total: 0, expected: 1 },
  ])('page $page of $total by $pageSize → $expected', ({ page, pageSize, total, expected }) => {
    expect(clampPage(page, pageSize, total)).toBe(expected);
  });
});
