import { expect } from 'vitest';
import { formsOf } from './html-forms.js';
import type { TestServer } from './server.js';

/** Follows the authorization as a browser would: our authorize route, the consent page, back to our callback. */
export async function consentThroughSandbox(
  server: Pick<TestServer, 'url' | 'sandbox'>,
  authUrl: string,
  account: string,
): Promise<Response> {
  const start = await fetch(authUrl, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const consentUrl = start.headers.get('location') as string;
  expect(consentUrl.startsWith(server.sandbox.urlOf('/google'))).toBe(true);
  const page = await fetch(consentUrl);
  const form = formsOf(await page.text()).find((f) => f.fields.account === account);
  if (!form) throw new Error(`no consent form for ${account}`);
  const approved = await fetch(new URL(form.action, consentUrl), {
    method: 'POST',
    body: new URLSearchParams(form.fields),
    redirect: 'manual',
  });
  expect(approved.status).toBe(302);
  const callback = approved.headers.get('location') as string;
  expect(callback.startsWith(`${server.url}/oauth/suite/callback?`)).toBe(true);
  return fetch(callback);
}
