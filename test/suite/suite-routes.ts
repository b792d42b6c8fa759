import { expect } from 'vitest';
import { formsOf } from '../helpers/html-forms.js';
import type { TestServer } from '../helpers/server.js';

export interface SuiteAnswer {
  status: number;
  body: { success?: boolean; data?: unknown; count?: number; detail?: unknown };
}

/** One suite route called as a user of a tenant (X-JWT-Token), the body parsed. */
export async function suiteCall(
  server: TestServer,
  tenant: 'acme' | 'globex',
  email: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<SuiteAnswer> {
  const token = await server.tokenFor(tenant, email);
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'X-JWT-Token': token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as SuiteAnswer['body']) : {} };
}

/** The demo users of a tenant, in their order (the last one is not authorized ahead). */
export const demoUsers = (server: TestServer, tenant: 'acme' | 'globex'): string[] =>
  (server.app.demo?.users() ?? []).filter((u) => u.tenant_id === tenant).map((u) => u.user_email);

/** Our authorize link followed as a browser: redirected to Google's consent page, approved as `user`, redirected back to our callback. */
export async function consentInBrowser(server: TestServer, user: string, authUrl: string): Promise<Response> {
  const consentPage = await fetch(authUrl);
  expect(consentPage.status).toBe(200);
  expect(consentPage.url.startsWith(server.sandbox.urlOf('/google'))).toBe(true);
  const form = formsOf(await consentPage.text()).find((f) => f.fields.account === user);
  if (!form) throw new Error(`the consent page offers no account ${user}`);
  const landed = await fetch(new URL(form.action, consentPage.url), {
    method: 'POST',
    body: new URLSearchParams(form.fields),
  });
  expect(landed.url.startsWith(`${server.url}/oauth/suite/callback?`)).toBe(true);
  return landed;
}
