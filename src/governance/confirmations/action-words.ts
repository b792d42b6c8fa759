import type { ToolDefinition } from '../../toolkit/define-tool.js';

/** Arguments that name what a call acts on (`page_id`, `space_key`, `repo`, `path`, `email`...). */
const NAMING = /(^|_)(id|key|name|path|repo|branch|ref|number|email|channel|to|title)$/;

const shown = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 120) : undefined;

/**
 * What a call would do, in words: the tool's title and what it acts on, e.g. "Delete a Confluence page
 * (page_id 123)". Credentials were masked from `args` before.
 */
export function describeAction(tool: ToolDefinition, args: unknown): string {
  const title = tool.title ?? tool.qualifiedName;
  const record = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  const targets = Object.entries(record)
    .filter(([name]) => NAMING.test(name))
    .flatMap(([name, value]) => {
      const text = shown(value);
      return text === undefined ? [] : [`${name} ${text}`];
    });
  return targets.length > 0 ? `${title} (${targets.join(', ')})` : title;
}
