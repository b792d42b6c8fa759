import { z } from 'zod';

/**
 * Readers of environment variables, one zod schema each: the variable's raw text in, its typed value out,
 * and a message naming the variable when the text is wrong. `loadConfig` composes them into one schema,
 * so every wrong setting is reported at once.
 */

type Reader<T> = z.ZodType<T, string | undefined>;

/** What a reader answers when the text is wrong: the message, naming the variable. */
class Wrong {
  constructor(readonly message: string) {}
}
const wrong = (message: string) => new Wrong(message);

/** A variable's schema: unset and empty take the fallback; otherwise `read` gives the value or what is wrong. */
function reader<T>(read: (raw: string) => T | Wrong, fallback: () => T): Reader<T> {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return fallback();
      const value = read(raw);
      if (!(value instanceof Wrong)) return value;
      ctx.addIssue({ code: 'custom', message: value.message });
      return z.NEVER;
    });
}

/** Free text; undefined when unset or empty. */
export const text = (): Reader<string | undefined> =>
  reader(
    (raw) => raw,
    () => undefined,
  );

/** Comma-separated values, trimmed, empty ones dropped. */
export const commaList = (): Reader<string[]> =>
  reader(
    (raw) =>
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    () => [],
  );

/** A whole number of at least 0. */
export const count = (name: string, fallback: number): Reader<number> =>
  reader(
    (raw) => {
      const value = Number(raw);
      return Number.isInteger(value) && value >= 0
        ? value
        : wrong(`${name} must be a non-negative integer, got "${raw}"`);
    },
    () => fallback,
  );

/** A whole number of at least `min` (surrounding spaces allowed). */
export const wholeNumberFrom = <F extends number | undefined>(
  name: string,
  min: number,
  fallback: F,
): Reader<number | F> =>
  reader(
    (raw) => {
      const text = raw.trim();
      const value = Number(text);
      if (text === '') return fallback;
      return Number.isSafeInteger(value) && value >= min
        ? value
        : wrong(`${name} must be a whole number of at least ${min}, got "${text}"`);
    },
    () => fallback,
  );

/** A number above 0 (fractions allowed). */
export const positiveNumber = (name: string, fallback: number): Reader<number> =>
  reader(
    (raw) => {
      const value = Number(raw);
      return Number.isFinite(value) && value > 0 ? value : wrong(`${name} must be a number above 0, got "${raw}"`);
    },
    () => fallback,
  );

const TRUE_WORDS = ['true', '1', 'yes'];
const FALSE_WORDS = ['false', '0', 'no'];

export const flag = (name: string, fallback: boolean): Reader<boolean> =>
  reader(
    (raw) => {
      const word = raw.trim().toLowerCase();
      if (TRUE_WORDS.includes(word)) return true;
      if (FALSE_WORDS.includes(word)) return false;
      return wrong(`${name} must be one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')}, got "${raw}"`);
    },
    () => fallback,
  );

export const choice = <T extends string>(name: string, allowed: readonly T[], fallback: T): Reader<T> =>
  reader(
    (raw) =>
      (allowed as readonly string[]).includes(raw)
        ? (raw as T)
        : wrong(`${name} must be ${allowed.join(', ')}, got "${raw}"`),
    () => fallback,
  );

/** 32 bytes given as 64 hex digits or base64, or undefined when the text is anything else. */
function key32(text: string): Buffer | undefined {
  const bytes = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

const KEY_HINT = 'as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)';

/** One 32-byte key. */
export const secretKey = (name: string): Reader<Uint8Array | undefined> =>
  reader(
    (raw) => {
      const bytes = key32(raw);
      return bytes ? new Uint8Array(bytes) : wrong(`${name} must be 32 bytes, ${KEY_HINT}`);
    },
    () => undefined,
  );

/** One 32-byte key, or several separated by commas (newest first, while rotating); no key twice. */
export const secretKeys = (name: string): Reader<Buffer[] | undefined> =>
  reader(
    (raw) => {
      if (raw.trim() === '') return undefined;
      const keys: Buffer[] = [];
      for (const [index, part] of raw.split(',').entries()) {
        const key = key32(part.trim());
        if (!key) return wrong(`${name} key ${index + 1} must be 32 bytes, ${KEY_HINT}`);
        keys.push(key);
      }
      if (new Set(keys.map((key) => key.toString('hex'))).size !== keys.length)
        return wrong(`${name} lists the same key twice`);
      return keys;
    },
    () => undefined,
  );

/** An absolute http(s) URL, without its trailing slash. */
export const httpUrl = (name: string): Reader<string | undefined> =>
  reader(
    (raw) => {
      if (!URL.canParse(raw))
        return wrong(`${name} must be an absolute URL such as https://constellation.example.com, got "${raw}"`);
      const url = new URL(raw);
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return wrong(`${name} must be http or https, got "${raw}"`);
      return url.toString().replace(/\/$/, '');
    },
    () => undefined,
  );

/** A PostgreSQL connection URL (`postgres://` or `postgresql://`); a wrong one is named with its password hidden. */
export const postgresUrl = (name: string): Reader<string | undefined> =>
  reader(
    (raw) => {
      const value = raw.trim();
      if (!URL.canParse(value))
        return wrong(`${name} must be a URL such as postgres://user:password@host:5432/database`);
      const url = new URL(value);
      if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
        if (url.password) url.password = '***';
        return wrong(`${name} must be a postgres:// URL, got "${url.toString()}"`);
      }
      return value;
    },
    () => undefined,
  );
