import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DescribeArgs,
  DESCRIBE_SCHEMA,
  EXECUTE_SCHEMA,
  ExecuteArgs,
  SEARCH_SCHEMA,
  SearchArgs,
} from '../../src/mcp/discovery-args.js';

/** What tools/list showed when the meta-tools' schemas were converted at load. */
const converted = (schema: z.ZodType) => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input' });
  return json;
};

describe('meta-tool input schemas', () => {
  it.each([
    ['search_tools', SearchArgs, SEARCH_SCHEMA],
    ['describe_tool', DescribeArgs, DESCRIBE_SCHEMA],
    ['execute_*_tool', ExecuteArgs, EXECUTE_SCHEMA],
  ])('%s lists the JSON Schema of the arguments it validates', (_name, args, listed) => {
    expect(listed).toEqual(converted(args));
  });
});
