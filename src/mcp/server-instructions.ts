import { DESCRIBE_TOOL, EXECUTE_ACTION_TOOL, EXECUTE_READ_TOOL, SEARCH_TOOLS } from './discovery.js';

/** What every tool or every list tool takes, said once here rather than in each tool's schema. */
const EVERY_TOOL =
  'Every tool also takes fields (dotted paths such as "user.login"; of each item for lists) to return only those. List tools take limit (1-100), offset and cursor: pass a page’s pagination.next_cursor as cursor while has_more is true.';
const FULL_INSTRUCTIONS =
  'Tools are named <system>_<tool>; each description ends with what to use instead ("Not for").';
const DISCOVERY_INSTRUCTIONS = `This server has a large tool catalog. Call ${SEARCH_TOOLS} with what you want to do, ${DESCRIBE_TOOL} for the input schema, then ${EXECUTE_READ_TOOL} (reads and analytics) or ${EXECUTE_ACTION_TOOL} (changes data).`;

/** The server's instructions for each tool mode: how tools are named, or how to reach them through discovery. */
export const SERVER_INSTRUCTIONS = {
  full: `${FULL_INSTRUCTIONS} ${EVERY_TOOL}`,
  discovery: `${DISCOVERY_INSTRUCTIONS} ${EVERY_TOOL}`,
  auto: `${FULL_INSTRUCTIONS} When the list holds ${SEARCH_TOOLS} instead: ${DISCOVERY_INSTRUCTIONS} ${EVERY_TOOL}`,
} as const;
