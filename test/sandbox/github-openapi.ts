/** GitHub's own OpenAPI description (npm devDependency `@octokit/openapi`, MIT) as a contract for the fake. */
import { createRequire } from 'node:module';
import { loadOpenApiContract, type OpenApiContract } from '../helpers/openapi-contract.js';

export type OpenApiValidator = OpenApiContract;

export function loadGithubOpenApi(): OpenApiContract {
  return loadOpenApiContract(createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json'));
}
