type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: Json): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a merge patch removes something: a null in it, at any depth of objects (arrays are replaced whole). */
function removes(patch: Json): boolean {
  return isObject(patch) && Object.values(patch).some((value) => value === null || removes(value));
}

/**
 * Whether merging `patch` into `stored` (both JSON objects as text, as SQLite's `json_patch` would) certainly
 * leaves `stored` as it is, so its row need not be updated. True only when sure: every key of the patch is
 * stored with the same value, written the same way, and the patch removes nothing; false answers "ask SQL".
 */
export function patchChangesNothing(stored: string, patch: string): boolean {
  // A row's properties merged into themselves (the same person seen again): no parsing needed.
  if (stored === patch && !patch.includes('null')) return true;
  const before = JSON.parse(stored) as Json;
  const after = JSON.parse(patch) as Json;
  // Stored text not as this process writes it (`1.0` for `1`): the patch would rewrite it.
  if (!isObject(before) || !isObject(after) || removes(after) || JSON.stringify(before) !== stored) return false;
  return Object.keys(after).every(
    (key) => Object.hasOwn(before, key) && JSON.stringify(before[key]) === JSON.stringify(after[key]),
  );
}
