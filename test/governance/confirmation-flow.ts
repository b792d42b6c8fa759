import { expect } from 'vitest';
import { formsOf } from '../helpers/html-forms.js';
import { call, type TestServer } from '../helpers/server.js';

/** A page of the server, as a browser gets it: status, the HTML and its headers. */
export async function openPage(
  server: { url: string },
  path: string,
  init: { token?: string; form?: Record<string, string>; cookie?: string } = {},
): Promise<{ status: number; html: string; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(server.url + path, {
    method: init.form ? 'POST' : 'GET',
    headers,
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
  });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** The path of a confirmation URL (the server names its own address). */
export const pathOf = (url: string): string => new URL(url).pathname;

/** Confirms (or declines) a confirmation as its person does: opens the page with their token, then submits. */
export async function decide(
  server: { url: string },
  path: string,
  token: string,
  decision: 'confirm' | 'decline' = 'confirm',
): Promise<string> {
  const review = await openPage(server, path, { token });
  expect(review.status).toBe(200);
  const form = formsOf(review.html)[0];
  const done = await openPage(server, path, { token, form: { ...form.fields, decision } });
  expect(done.status).toBe(200);
  return done.html;
}

/** Deletes a Confluence page over REST, as a caller with `token` (and a confirmation token when given). */
export const deletePage = (server: TestServer, token: string, pageId: string, confirmation?: string) =>
  call(server, 'POST', '/mcp/wiki/execute', {
    token,
    body: { tool: 'delete_page', arguments: { page_id: pageId } },
    headers: confirmation ? { 'X-Confirmation-Token': confirmation } : {},
  });
