import { z } from 'zod';

/** Credentials of GitHub: under `code_host` in a JWT's connections, or GITHUB_TOKEN for a local user. */
export const GithubCredentials = z.object({
  token: z.string().min(1),
  /** API root; GitHub Enterprise and the sandbox set it. */
  baseUrl: z.url().optional(),
});
export type GithubCredentials = z.infer<typeof GithubCredentials>;
