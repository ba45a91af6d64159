/**
 * UTF-16 code unit order, the same on every machine and in every locale (unlike localeCompare).
 * For names, which are ASCII, it is the byte order both databases sort them in (BINARY on SQLite,
 * COLLATE "C" on Postgres), so a list sorted here and one sorted there agree.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
