/**
 * The order `String.prototype.localeCompare` gives object keys, without reaching the collator for the
 * keys our JSON carries. The first collation loads several MB of the runtime's locale data into memory and
 * every comparison goes through it; canonical JSON sorts keys for every call's audit record, so plain keys
 * are compared here and only what this does not cover goes to `localeCompare`, keeping the order (and every
 * digest taken over it) unchanged.
 */

/** Primary weight under the root collation of the characters compared here: `_`, `-`, digits, then letters. */
const WEIGHT = new Int8Array(128).fill(-1);
WEIGHT['_'.charCodeAt(0)] = 0;
WEIGHT['-'.charCodeAt(0)] = 1;
for (let digit = 0; digit < 10; digit++) WEIGHT['0'.charCodeAt(0) + digit] = 2 + digit;
for (let letter = 0; letter < 26; letter++) {
  WEIGHT['a'.charCodeAt(0) + letter] = 12 + letter;
  WEIGHT['A'.charCodeAt(0) + letter] = 12 + letter;
}

const weightAt = (text: string, index: number): number => {
  const code = text.charCodeAt(index);
  return code < 128 ? WEIGHT[code] : -1;
};

const coveredFrom = (text: string, index: number): boolean => {
  for (let i = index; i < text.length; i++) if (weightAt(text, i) < 0) return false;
  return true;
};

/**
 * The keys' order at the primary level (letters alike in either case), or undefined when a character is
 * not covered or the keys differ only in case: there the collator decides.
 */
function primaryOrder(a: string, b: string): number | undefined {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    if (a.charCodeAt(i) === b.charCodeAt(i)) continue;
    const weightA = weightAt(a, i);
    const weightB = weightAt(b, i);
    if (weightA < 0 || weightB < 0) return undefined;
    if (weightA !== weightB) return weightA - weightB;
  }
  if (!coveredFrom(a, shared) || !coveredFrom(b, shared)) return undefined;
  return a.length === b.length ? undefined : a.length - b.length;
}

/** Compares two keys exactly as `a.localeCompare(b)` orders them. */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  return primaryOrder(a, b) ?? a.localeCompare(b);
}
