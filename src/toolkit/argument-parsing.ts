import { z } from 'zod';
import type { ToolDefinition } from './define-tool.js';
import { closestName } from './closest-name.js';
import { AppError } from './errors.js';
import { assertPathSafeIds } from './path-ids.js';
import { assertSafeJson } from './safe-json.js';

/**
 * Parses raw arguments with the tool's strict schema; a bad input is a VALIDATION_ERROR naming each problem,
 * an unknown argument with the accepted one nearest in spelling.
 */
export function parseToolArgs(
  tool: ToolDefinition,
  schema: z.ZodObject<z.ZodRawShape>,
  raw: unknown,
): Record<string, unknown> {
  assertSafeJson(raw, 'arguments');
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) {
    assertPathSafeIds(parsed.data, tool.name);
    return parsed.data;
  }
  const accepted = Object.keys(schema.shape);
  const unknown = parsed.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' && issue.path.length === 0 ? issue.keys : [],
  );
  if (unknown.length > 0) {
    const problems = unknown.map((key) => {
      const closest = closestName(key, accepted);
      return {
        path: key,
        message: `Unknown argument "${key}" for ${tool.name}${closest ? `; did you mean "${closest}"?` : ''}`,
      };
    });
    throw new AppError('VALIDATION_ERROR', problems.map((p) => p.message).join(' '), { details: problems });
  }
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw new AppError(
    'VALIDATION_ERROR',
    `Invalid arguments for ${tool.name}: ${z.prettifyError(parsed.error).replace(/\n/g, '; ')}`,
    {
      details: issues,
    },
  );
}
