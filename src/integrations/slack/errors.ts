import { upstreamError } from '../http-status.js';
import { AppError } from '../../toolkit/errors.js';

interface SlackSdkError {
  code?: string;
  data?: { error?: string };
  retryAfter?: number;
  statusCode?: number;
}

/**
 * @slack/web-api's failures: Slack's `{ok: false, error}` (200) is the spec's `Chat API error: <code>`
 * (400); a 429 our retries could not outlast keeps its Retry-After.
 */
export function mapSlackError(error: unknown): AppError | undefined {
  if (!(error instanceof Error)) return undefined;
  const sdk = error as SlackSdkError;
  if (sdk.code === 'slack_webapi_platform_error' && sdk.data?.error) {
    return new AppError('VALIDATION_ERROR', `Chat API error: ${sdk.data.error}`, {
      upstreamStatus: 400,
      cause: error,
      details: { slack_error: sdk.data.error },
    });
  }
  if (sdk.code === 'slack_webapi_rate_limited_error')
    return upstreamError({ status: 429, retryAfter: sdk.retryAfter, cause: error }, 'Slack');
  if (sdk.code === 'slack_webapi_http_error' && typeof sdk.statusCode === 'number')
    return upstreamError({ status: sdk.statusCode, cause: error }, 'Slack');
  return undefined;
}
