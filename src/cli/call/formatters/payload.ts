/** Shared shape helpers of the output modes. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export const isRecord = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `data` of a success envelope `{success: true, data, meta}`; any other body as is. */
export function payloadOf(body: unknown): Json {
  if (isRecord(body) && body.success === true && 'data' in body) return body.data;
  return body as Json;
}

/**
 * A payload seen as records: a list, or a list result `{<items>: [...], count, pagination...}`: an object
 * with exactly one list of objects and a list marker (count, total, pagination, next_cursor or has_more),
 * so that a single record holding a list (an issue and its labels) stays one record.
 */
export interface Records {
  /** The field holding the list (`issues`); undefined when the payload itself is the list. */
  name?: string;
  records: Json[];
  /** The payload's other fields (count, pagination...). */
  rest: JsonObject;
}

const LIST_MARKERS = ['count', 'total', 'pagination', 'next_cursor', 'has_more'];
const isListOfRecords = (value: Json): value is JsonObject[] => Array.isArray(value) && value.every(isRecord);

export function recordsOf(payload: Json): Records | undefined {
  if (Array.isArray(payload)) return { records: payload, rest: {} };
  if (!isRecord(payload) || !LIST_MARKERS.some((key) => key in payload)) return undefined;
  const lists = Object.keys(payload).filter((key) => isListOfRecords(payload[key]));
  if (lists.length !== 1) return undefined;
  const [name] = lists;
  const { [name]: records, ...rest } = payload;
  return { name, records: records as Json[], rest };
}

/** The value without null object fields, recursively (array items are kept). */
export function dropNulls(value: Json): Json {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (!isRecord(value)) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) if (item !== null && item !== undefined) out[key] = dropNulls(item);
  return out;
}
