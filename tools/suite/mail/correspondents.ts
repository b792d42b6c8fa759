import { addressParser } from 'postal-mime';
import type { GraphBatch, Handle } from '../../../src/graph/ingest/batch.js';
import type { Viewer } from '../../../src/graph/ingest/extractor.js';
import type { Message } from './schemas.js';

const ADDRESS_HEADERS = ['from', 'to', 'cc'] as const;

/** The mailboxes a message names in From, To and Cc: from its decoded view, else its headers (format metadata). */
function mailboxesOf(message: Message): Array<{ email: string; name: string }> {
  const header = (name: (typeof ADDRESS_HEADERS)[number]) =>
    message.decoded?.[name] ?? message.payload?.headers?.find((h) => h.name.toLowerCase() === name)?.value ?? null;
  return ADDRESS_HEADERS.flatMap((name) => {
    const value = header(name);
    return value ? addressParser(value, { flatten: true }) : [];
  }).flatMap(({ address, name }) => {
    const email = address?.trim().toLowerCase();
    return email && email.includes('@') ? [{ email, name: name.trim() }] : [];
  });
}

/**
 * How the graph reads the mail of the user who called: a correspondent outside the organisation is a `contact`
 * private to that user (one node per user and address: never merged with a colleague, nor by name, nor with
 * the tenant's CRM contact of the same email, which stays as the CRM wrote it), linked to the user in their
 * view only; one inside it is the colleague's person node, joined by email, with no edge, so that who wrote to
 * whom stays in the mailbox. A call without a user writes nothing.
 */
export function readCorrespondents(batch: GraphBatch, viewer: Viewer | undefined, messages: readonly Message[]): void {
  if (!viewer) return;
  const own = viewer.email.trim().toLowerCase();
  let user: Handle | undefined;
  for (const { email, name } of messages.flatMap(mailboxesOf)) {
    if (email === own) continue;
    const properties = name ? { name } : {};
    if (viewer.inOrganization(email)) {
      batch.person({ email }, properties);
      continue;
    }
    user ??= batch.person({ email: own });
    batch.edge(batch.privateNode(own, 'contact', email, { email, ...properties }), 'LINKED_TO', user);
  }
}
