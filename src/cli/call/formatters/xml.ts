import type { Json } from './payload.js';

/** Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF) become U+FFFD. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text or attribute content, escaped. */
export function xmlEscape(text: string): string {
  return text
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A key usable as an element name as is (letters, digits, `_`, `-`, `.`; not starting with `xml`). */
const ELEMENT_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const isElementName = (key: string): boolean => ELEMENT_NAME.test(key) && !/^xml/i.test(key);

/** An element for a key: `<key>`, or `<field name="key">` when the key is not a valid XML name. */
function element(key: string, value: Json, indent: string): string {
  const [open, close] = isElementName(key) ? [key, key] : [`field name="${xmlEscape(key)}"`, 'field'];
  if (value === null) return `${indent}<${open} null="true"/>`;
  if (typeof value !== 'object') return `${indent}<${open}>${xmlEscape(String(value))}</${close}>`;
  const children = Array.isArray(value)
    ? value.map((item) => element('item', item, `${indent}  `))
    : Object.entries(value).map(([k, v]) => element(k, v, `${indent}  `));
  if (!children.length) return `${indent}<${open}/>`;
  return `${indent}<${open}>\n${children.join('\n')}\n${indent}</${close}>`;
}

/**
 * The whole response body as an XML document under `<response>`: object fields as elements, list items
 * as `<item>`, null as `null="true"`, text escaped. Keys that are not XML names become `<field name="...">`.
 */
export function formatXml(body: unknown): string {
  const value = (body === undefined ? null : body) as Json;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element('response', value, '')}\n`;
}
