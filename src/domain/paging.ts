/** The last page of `total` items shown `pageSize` at a time: 1 for an empty list. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** `page` clamped to 1..the last page of `total` items. */
export function clampPage(page: number, pageSize: number, total: number): number {
  return Math.min(Math.max(1, Math.trunc(page)), lastPage(total, pageSize));
}
