/** A body's text as JSON, or undefined when it is not JSON (an upstream's error page, an empty body). */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
