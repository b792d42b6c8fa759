import { formatAgent } from './agent.js';
import { formatCsv } from './csv.js';
import { formatPlaintext } from './plaintext.js';
import { formatXml } from './xml.js';

export const OUTPUT_MODES = ['agent', 'json', 'csv', 'xml', 'plaintext'] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];
export const DEFAULT_OUTPUT: OutputMode = 'json';

/** `json` and `xml` render the whole response body; `agent`, `csv` and `plaintext` its `data` payload. */
const FORMATTERS: Record<OutputMode, (body: unknown) => string> = {
  json: (body) => `${JSON.stringify(body, null, 2)}\n`,
  agent: formatAgent,
  csv: formatCsv,
  xml: formatXml,
  plaintext: formatPlaintext,
};

export function formatOutput(mode: OutputMode, body: unknown): string {
  return FORMATTERS[mode](body);
}
