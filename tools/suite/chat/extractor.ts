import { viaDirectory, type GraphBatch } from '../../../src/graph/ingest/batch.js';
import { extractorOf, readsResultsOf } from '../../../src/graph/ingest/tool-readers.js';
import { getMessage, listMessages } from './messages.js';
import type { Message } from './schemas.js';

/**
 * How the graph reads Google Chat messages: each sender whose email the space's membership confirmed is that
 * colleague's person node, known by their Chat user id (`users/<id>`) too; a sender without one stays unlinked.
 */
export const extractSuiteChat = extractorOf([
  readsResultsOf(listMessages, ({ result }, batch) => result.messages.forEach((m) => sender(batch, m))),
  readsResultsOf(getMessage, ({ result }, batch) => sender(batch, result)),
]);

function sender(batch: GraphBatch, message: Message): void {
  const { name, email, displayName } = message.sender;
  if (name.startsWith('users/') && email)
    batch.person(viaDirectory({ email, googleChatId: name }), { name: displayName ?? undefined });
}
