import { z } from 'zod';

/** What a Slack client is built from: where the Web API is (the sandbox in demo mode and tests; slack.com when absent). */
export const SlackCredentials = z.object({ apiBase: z.url().optional() });
export type SlackCredentials = z.infer<typeof SlackCredentials>;
