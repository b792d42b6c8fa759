import type { AppError } from '../toolkit/errors.js';
import type { AnyIntegration } from './integration.js';

/** One mapper over every integration: each recognises only its own SDK's error type. */
export function upstreamErrorMapper(integrations: readonly AnyIntegration[]): (error: unknown) => AppError | undefined {
  return (error) => {
    for (const integration of integrations) {
      const mapped = integration.mapError(error);
      if (mapped) return mapped;
    }
    return undefined;
  };
}
