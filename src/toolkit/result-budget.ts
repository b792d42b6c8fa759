/** Default size budget of one list result, in JSON characters (about 25k tokens). */
export const DEFAULT_RESULT_BUDGET_CHARS = 100_000;

/**
 * How many of `items` fit in the budget, at most `limit` and at least one (a single oversized item
 * is still returned, so paging always makes progress).
 */
export function boundItems(items: readonly unknown[], limit: number, budgetChars: number): number {
  let used = 0;
  const max = Math.min(limit, items.length);
  for (let i = 0; i < max; i++) {
    used += JSON.stringify(items[i] ?? null).length + 1;
    if (used > budgetChars) return Math.max(1, i);
  }
  return max;
}
