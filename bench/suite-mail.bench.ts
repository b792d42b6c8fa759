import type { gmail_v1 } from '@googleapis/gmail';
import { decodePayload } from '../tools/suite/mail/decode.js';
import type { MessagePart } from '../tools/suite/mail/schemas.js';
import { startTestServer } from '../test/helpers/server.js';
import { median, percentile, time, type BenchResult } from './lib.js';

const ITERATIONS = 30;

/**
 * Gmail for a reader: 100 messages listed and each read and decoded (one list request, then the
 * messages fetched six at a time through the tool's fan-out), against the decoding alone of the same
 * 100 payloads, in the same run.
 */
export async function run(): Promise<BenchResult[]> {
  const server = await startTestServer({ rateLimits: 'count' });
  const caller = server.callerFor('acme');
  const tool = server.app.registry.find('suite_list_mail_messages');
  if (!tool) throw new Error('suite_list_mail_messages is missing');
  const args = { max_results: 100, include_content: true };
  // Enough mail for a full page: the seeded mailbox is topped up through the send tool itself.
  const send = server.app.registry.find('suite_send_mail');
  const listed = server.app.registry.find('suite_list_mail_messages');
  if (!send || !listed) throw new Error('suite mail tools are missing');
  const count = async () =>
    ((await server.app.executor.execute(caller, listed, { max_results: 500 })) as { messages: unknown[] }).messages
      .length;
  for (let n = await count(), i = 0; n < 100; n++, i++) {
    await server.app.executor.execute(caller, send, {
      to: caller.userEmail,
      subject: `Weekly notes ${i} — café ☕`,
      body: `Notes ${i}.\n\nÀ bientôt,\nAda`,
    });
  }
  const first = (await server.app.executor.execute(caller, tool, args)) as {
    messages: Array<{ payload?: gmail_v1.Schema$MessagePart }>;
  };
  const payloads = first.messages.map((m) => m.payload as MessagePart);
  const listing = await time(() => server.app.executor.execute(caller, tool, args), ITERATIONS, 3);
  const decoding = await time(() => payloads.forEach(decodePayload), ITERATIONS * 5, 5);
  await server.close();
  const sorted = (samples: number[]) => [...samples].sort((a, b) => a - b);
  const whole = sorted(listing);
  const decode = sorted(decoding);
  return [
    {
      suite: 'suite-mail',
      name: `list 100 messages with bodies decoded (${payloads.length} read)`,
      value: median(whole),
      unit: 'ms',
      note: `p90 ${percentile(whole, 90).toFixed(1)} ms`,
    },
    {
      suite: 'suite-mail',
      name: 'decoding alone, the same 100 payloads',
      value: median(decode),
      unit: 'ms',
      note: `${((median(decode) / median(whole)) * 100).toFixed(1)}% of the call; p90 ${percentile(decode, 90).toFixed(2)} ms`,
    },
  ];
}
