/** Whether `error` is a Node system error with this errno code (`ENOENT`, `EPERM`, …). */
export function hasErrnoCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
