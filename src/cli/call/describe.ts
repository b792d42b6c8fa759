import { formatOutput, OUTPUT_MODES, type OutputMode } from './formatters/index.js';
import { kebab, type Meta, type MetaMethod, type MetaParam, type MetaService } from './meta.js';

export const CALL_USAGE = `Usage: constellation call <service> <method> [--<param> <value> ...] [--output <mode>]
       constellation call --list                  every service and method with its parameters
       constellation call <service>               the methods of one service
       constellation call <service> <method> --help

Calls a method of a Constellation server, described by its GET /v1/meta (cached for an hour).
Method and parameter names may be snake_case or kebab-case. Parameter values are typed by the meta:
str, int, float, bool (true/false; a bare --flag is true) and json (a JSON-encoded string).

Options:
  --output, -o <mode>  ${OUTPUT_MODES.join(' | ')} (default json)
  --list               list the services and methods
  --confirmation <t>   repeat a call refused with CONFIRMATION_REQUIRED with the token it offered
  --help, -h           this text, or a method's description and parameters

Environment: CONSTELLATION_SERVER_URL (default http://127.0.0.1:8080), CONSTELLATION_TOKEN (JWT, sent as
Authorization: Bearer), CONSTELLATION_API_KEY (sent as X-API-KEY), CONSTELLATION_DATA_DIR (meta cache).
Exit codes: 0 success, 1 server or network error, 2 bad command line.
`;

const paramWord = (p: MetaParam): string => `--${p.name} <${p.type}>`;

/** One-line synopsis of a method's parameters: required ones bare, optional ones in brackets. */
function synopsis(method: MetaMethod): string {
  return method.params.map((p) => (p.required ? paramWord(p) : `[${paramWord(p)}]`)).join(' ');
}

function listText(services: MetaService[]): string {
  const lines: string[] = [];
  for (const service of services) {
    lines.push(`${service.name} (${service.methods.length} method${service.methods.length === 1 ? '' : 's'})`);
    const width = Math.max(0, ...service.methods.map((m) => kebab(m.name).length));
    for (const method of service.methods) {
      lines.push(
        `  ${kebab(method.name).padEnd(width)}  ${method.http_method.padEnd(6)} ${synopsis(method)}`.trimEnd(),
      );
    }
    lines.push('');
  }
  lines.push("A method's description and parameters: constellation call <service> <method> --help");
  return `${lines.join('\n')}\n`;
}

/** `call --list` and `call <service>`: text for agent and plaintext, the meta itself for json and xml, a table for csv. */
export function renderList(services: MetaService[], mode: OutputMode | undefined): string {
  if (mode === 'json' || mode === 'xml') return formatOutput(mode, { services } satisfies Meta);
  if (mode === 'csv') {
    const rows = services.flatMap((s) =>
      s.methods.map((m) => ({
        service: s.name,
        method: m.name,
        http_method: m.http_method,
        path: m.path,
        params: synopsis(m),
      })),
    );
    return formatOutput('csv', rows);
  }
  return listText(services);
}

function describeParam(p: MetaParam): [string, string, string, string] {
  const presence = p.required
    ? 'required'
    : p.default !== null && p.default !== undefined
      ? `default ${JSON.stringify(p.default)}`
      : 'optional';
  const choices =
    Array.isArray(p.enum) && p.enum.length ? `one of ${p.enum.map((v) => JSON.stringify(v)).join(', ')}` : '';
  const about = [p.description ?? '', choices].filter(Boolean).join('; ');
  return [`--${p.name}`, p.type, presence, about];
}

function helpText(service: MetaService, method: MetaMethod): string {
  const lines = [
    `${service.name} ${kebab(method.name)}: ${method.http_method} ${method.path}`,
    '',
    method.description.trim(),
    '',
  ];
  if (method.params.length) {
    const rows = method.params.map(describeParam);
    const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length)));
    lines.push('Parameters:');
    for (const row of rows)
      lines.push(
        `  ${row
          .slice(0, 3)
          .map((cell, i) => cell.padEnd(widths[i]))
          .join('  ')}  ${row[3]}`.trimEnd(),
      );
  } else {
    lines.push('Parameters: none');
  }
  lines.push(
    '',
    `Usage: constellation call ${service.name} ${kebab(method.name)} ${synopsis(method)} [--output ${OUTPUT_MODES.join('|')}]`.replace(
      / +\[--output/,
      ' [--output',
    ),
  );
  return `${lines.join('\n')}\n`;
}

/** `call <service> <method> --help`: text for agent and plaintext, the method record for json and xml, its parameters for csv. */
export function renderHelp(service: MetaService, method: MetaMethod, mode: OutputMode | undefined): string {
  if (mode === 'json' || mode === 'xml') return formatOutput(mode, { service: service.name, ...method });
  if (mode === 'csv') return formatOutput('csv', method.params);
  return helpText(service, method);
}
