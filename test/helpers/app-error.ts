import { expect } from 'vitest';
import { AppError } from '../../src/toolkit/errors.js';

/** The AppError a call is refused with; the test fails when the call succeeds or throws anything else. */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
