import type { GraphBatch, Handle } from './batch.js';
import { projectOfKey, repositoryNames, ticketKeys } from './mentions.js';
import type { Json } from './read.js';
import type { Properties } from '../types.js';

/** One tool result to read: the tool's short name, its validated arguments and its result. */
export interface ExtractInput {
  tool: string;
  args: Json;
  result: Json;
}

/** Reads one system's tool results into a batch. */
export type Extractor = (input: ExtractInput, batch: GraphBatch) => void;

/** A ticketing issue by key, with its project (created when missing) and BELONGS_TO. */
export function ticketNode(
  batch: GraphBatch,
  key: string,
  properties: Properties = {},
  projectKey = projectOfKey(key),
  reference = false,
): Handle | undefined {
  const fields = { key, ...properties, ...(projectKey ? { project: projectKey } : {}) };
  const handle = reference ? batch.ref('issue', key, fields) : batch.node('issue', key, fields);
  if (projectKey) batch.edge(handle, 'BELONGS_TO', batch.ref('project', projectKey, { key: projectKey }));
  return handle;
}

/** LINKED_TO edges from `from` to every ticket key mentioned in the texts (other than `self`). */
export function linkMentionedTickets(
  batch: GraphBatch,
  from: Handle | undefined,
  texts: Array<string | undefined>,
  self?: string,
): void {
  if (!from) return;
  for (const key of ticketKeys(...texts))
    if (key !== self) batch.edge(from, 'LINKED_TO', ticketNode(batch, key, {}, projectOfKey(key), true));
}

/** LINKED_TO edges from `from` to every GitHub repository the texts name (the node code_host's tools fill). */
export function linkMentionedRepositories(
  batch: GraphBatch,
  from: Handle | undefined,
  texts: Array<string | undefined>,
): void {
  if (!from) return;
  for (const fullName of repositoryNames(...texts))
    batch.edge(from, 'LINKED_TO', batch.ref('repository', fullName, { full_name: fullName }));
}
