// Prunes Slack's Web API description (Swagger 2.0 from slackapi/slack-api-specs, 1.2 MB) to the methods
// the sandbox's Slack fake serves, with every definition they reference.
// Run: node test/contracts/slack-web-prune.mjs <folder holding slack_web_openapi_v2.json>
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const USED = [
  '/auth.test',
  '/conversations.list',
  '/conversations.info',
  '/conversations.history',
  '/conversations.replies',
  '/conversations.members',
  '/conversations.create',
  '/conversations.setPurpose',
  '/conversations.invite',
  '/chat.postMessage',
  '/chat.update',
  '/chat.delete',
  '/search.messages',
  '/users.list',
  '/users.info',
  '/files.info',
];

function refsIn(value, out) {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) k === '$ref' && typeof v === 'string' ? out.add(v) : refsIn(v, out);
  return out;
}

const folder = process.argv[2];
if (!folder) throw new Error('usage: slack-web-prune.mjs <folder>');
const source = JSON.parse(readFileSync(join(folder, 'slack_web_openapi_v2.json'), 'utf8'));
const paths = {};
for (const path of USED) {
  if (!source.paths[path]) throw new Error(`no ${path}`);
  paths[path] = source.paths[path];
}
const definitions = {};
const pending = [...refsIn(paths, new Set())];
while (pending.length) {
  const ref = pending.pop();
  const name = ref.replace('#/definitions/', '');
  if (definitions[name]) continue;
  definitions[name] = source.definitions[name];
  pending.push(...refsIn(definitions[name], new Set()));
}
const pruned = { swagger: source.swagger, info: source.info, basePath: source.basePath, paths, definitions };
writeFileSync(join('test/contracts', 'slack-web-api.json'), JSON.stringify(pruned, null, 1) + '\n');
