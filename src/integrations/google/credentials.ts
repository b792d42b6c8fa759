import { z } from 'zod';

/**
 * What a Google client is built from: nothing of the vault row itself. The tokens stay in the vault and
 * are read per request (so a refresh reaches a client already built); `apiBase` points every Google API at one root (the
 * sandbox in demo mode and tests; Google's own hosts when absent).
 */
export const GoogleCredentials = z.object({
  apiBase: z.url().optional(),
});
export type GoogleCredentials = z.infer<typeof GoogleCredentials>;
