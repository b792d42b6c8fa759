import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apideckErrors,
  bearerToken,
  confluenceErrors,
  githubErrors,
  githubRateHeaders,
  googleErrors,
  jiraErrors,
  notionErrors,
  retryAfterHeaders,
  slackErrors,
  workspaceAuth,
  type ErrorShape,
  type RateHeaderStyle,
} from '../../src/sandbox/kit/index.js';
import { startDemoFake, type DemoFake } from './kit-fixture.js';

interface Expected {
  status: Record<'notFound' | 'validation' | 'malformed' | 'unauthorized' | 'rateLimited', number>;
  notFound: unknown;
  validation: unknown;
  unauthorized: unknown;
  rateLimited: unknown;
  rateHeaders?: RateHeaderStyle;
}

const GH = 'https://docs.github.com/rest';

/** What each upstream answers, written out from its documentation. */
const SHAPES: [string, ErrorShape, Expected][] = [
  [
    'GitHub',
    githubErrors,
    {
      status: { notFound: 404, validation: 422, malformed: 400, unauthorized: 401, rateLimited: 403 },
      notFound: { message: 'Not Found', documentation_url: GH, status: '404' },
      validation: { message: 'name is required', errors: { name: 'required' }, documentation_url: GH, status: '422' },
      unauthorized: { message: 'Bad credentials', documentation_url: GH, status: '401' },
      rateLimited: {
        message: expect.stringContaining('API rate limit exceeded'),
        documentation_url: `${GH}/overview/rate-limits-for-the-rest-api`,
        status: '403',
      },
      rateHeaders: githubRateHeaders,
    },
  ],
  [
    'Jira',
    jiraErrors,
    {
      status: { notFound: 404, validation: 400, malformed: 400, unauthorized: 401, rateLimited: 429 },
      notFound: { errorMessages: ['Issue does not exist or you do not have permission to see it.'], errors: {} },
      validation: { errorMessages: [], errors: { name: 'required' } },
      unauthorized: { errorMessages: ['Client must be authenticated to access this resource.'], errors: {} },
      rateLimited: { errorMessages: ['Rate limit exceeded.'], errors: {} },
    },
  ],
  [
    'Confluence',
    confluenceErrors,
    {
      status: { notFound: 404, validation: 400, malformed: 400, unauthorized: 401, rateLimited: 429 },
      notFound: { statusCode: 404, message: 'Not Found' },
      validation: { statusCode: 400, message: 'name is required', data: { errors: { name: 'required' } } },
      unauthorized: { statusCode: 401, message: 'Unauthorized; scope does not match' },
      rateLimited: { statusCode: 429, message: 'Too Many Requests' },
    },
  ],
  [
    'Notion',
    notionErrors,
    {
      status: { notFound: 404, validation: 400, malformed: 400, unauthorized: 401, rateLimited: 429 },
      notFound: { object: 'error', status: 404, code: 'object_not_found', message: 'Could not find object.' },
      validation: { object: 'error', status: 400, code: 'validation_error', message: 'name is required' },
      unauthorized: { object: 'error', status: 401, code: 'unauthorized', message: 'API token is invalid.' },
      rateLimited: { object: 'error', status: 429, code: 'rate_limited', message: expect.any(String) },
    },
  ],
  [
    'Google',
    googleErrors,
    {
      status: { notFound: 404, validation: 400, malformed: 400, unauthorized: 401, rateLimited: 429 },
      notFound: {
        error: {
          code: 404,
          message: 'Requested entity was not found.',
          status: 'NOT_FOUND',
          errors: [{ message: 'Requested entity was not found.', domain: 'global', reason: 'notFound' }],
        },
      },
      validation: {
        error: {
          code: 400,
          message: 'name is required',
          status: 'INVALID_ARGUMENT',
          errors: [{ message: 'name is required', domain: 'global', reason: 'invalid' }],
        },
      },
      unauthorized: {
        error: {
          code: 401,
          message: 'Request had invalid authentication credentials.',
          status: 'UNAUTHENTICATED',
          errors: [expect.objectContaining({ reason: 'authError' })],
        },
      },
      rateLimited: {
        error: {
          code: 429,
          message: 'Quota exceeded.',
          status: 'RESOURCE_EXHAUSTED',
          errors: [expect.objectContaining({ reason: 'rateLimitExceeded' })],
        },
      },
    },
  ],
  [
    'Slack',
    slackErrors,
    {
      status: { notFound: 200, validation: 200, malformed: 200, unauthorized: 200, rateLimited: 429 },
      notFound: { ok: false, error: 'not_found' },
      validation: { ok: false, error: 'invalid_arguments' },
      unauthorized: { ok: false, error: 'invalid_auth' },
      rateLimited: { ok: false, error: 'ratelimited' },
    },
  ],
  [
    'Apideck',
    apideckErrors,
    {
      status: { notFound: 404, validation: 422, malformed: 400, unauthorized: 401, rateLimited: 429 },
      notFound: {
        status_code: 404,
        error: 'Not Found',
        type_name: 'NotFoundError',
        message: 'Not Found',
        ref: 'https://developers.apideck.com/errors#notfounderror',
      },
      validation: {
        status_code: 422,
        error: 'Unprocessable Entity',
        type_name: 'RequestValidationError',
        message: 'name is required',
        detail: { name: 'required' },
        ref: 'https://developers.apideck.com/errors#requestvalidationerror',
      },
      unauthorized: {
        status_code: 401,
        error: 'Unauthorized',
        type_name: 'UnauthorizedError',
        message: 'Unauthorized Request',
        ref: 'https://developers.apideck.com/errors#unauthorizederror',
      },
      rateLimited: {
        status_code: 429,
        error: 'Too Many Requests',
        type_name: 'TooManyRequestsError',
        message: 'Too Many Requests',
        ref: 'https://developers.apideck.com/errors#toomanyrequestserror',
      },
    },
  ],
];

describe.each(SHAPES)('%s error bodies over HTTP', (_name, errors, expected) => {
  let fake: DemoFake;
  const auth = { authorization: 'Bearer good-token' };
  beforeAll(async () => {
    const budget = 5;
    fake = await startDemoFake({
      errors,
      budget,
      rateHeaders: expected.rateHeaders ?? retryAfterHeaders,
      auth: workspaceAuth({ scheme: bearerToken(), workspaceOf: (t) => (t === 'good-token' ? 'acme' : undefined) }),
    });
  });
  afterAll(() => fake?.close());

  it('renders unauthorized, not found, validation, malformed JSON, unknown routes, then a spent budget', async () => {
    const unauthorized = await fake.get('/whoami', { authorization: 'Bearer wrong' });
    expect([unauthorized.status, unauthorized.body]).toEqual([expected.status.unauthorized, expected.unauthorized]);
    const missing = await fake.get('/items/999', auth);
    expect([missing.status, missing.body]).toEqual([expected.status.notFound, expected.notFound]);
    const unknownRoute = await fake.get('/no/such/route', auth);
    expect([unknownRoute.status, unknownRoute.body]).toEqual([expected.status.notFound, expected.notFound]);
    const invalid = await fake.post('/items', '{}', auth);
    expect([invalid.status, invalid.body]).toEqual([expected.status.validation, expected.validation]);
    const malformed = await fake.post('/items', '{"name": ', auth);
    expect(malformed.status).toBe(expected.status.malformed);
    expect(JSON.stringify(malformed.body)).not.toContain('SyntaxError');
    expect((await fake.get('/whoami', auth)).status).toBe(200);
    const limited = await fake.get('/whoami', auth);
    expect([limited.status, limited.body]).toEqual([expected.status.rateLimited, expected.rateLimited]);
    if (expected.rateHeaders === githubRateHeaders) {
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(limited.headers.get('retry-after')).toBeNull();
    } else {
      expect(Number(limited.headers.get('retry-after'))).toBe(60);
    }
  });
});
