import type { DocumentSettings } from '../../config/documents.js';
import { AppError } from '../../toolkit/errors.js';
import type { EmbeddingProvider } from './provider.js';
import { normalize } from './provider.js';

interface OpenAiEmbeddingsOptions {
  /** Base URL of an OpenAI-compatible API (`https://api.openai.com/v1`, `http://localhost:11434/v1` for Ollama). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  batchSize?: number;
  retries?: number;
  fetch?: typeof fetch;
}

const RETRYABLE = new Set([408, 429, 500, 502, 503, 504]);

/** Embeddings from any OpenAI-compatible `/embeddings` endpoint (OpenAI, Ollama, vLLM, LM Studio), batched and retried. */
export class OpenAiEmbeddings implements EmbeddingProvider {
  readonly provider = 'openai-compatible';
  readonly model: string;
  private learned?: number;

  constructor(private readonly options: OpenAiEmbeddingsOptions) {
    this.model = options.model;
  }

  async dimension(): Promise<number> {
    this.learned ??= (await this.request(['dimension probe']))[0].length;
    return this.learned;
  }

  terms(): string[] {
    return [];
  }

  async embedDocuments(texts: readonly string[]): Promise<Float32Array[]> {
    const size = this.options.batchSize ?? 64;
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += size) out.push(...(await this.request(texts.slice(i, i + size))));
    return out;
  }

  async embedQuery(text: string): Promise<Float32Array> {
    return (await this.request([text]))[0];
  }

  private async request(input: readonly string[]): Promise<Float32Array[]> {
    const doFetch = this.options.fetch ?? fetch;
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/embeddings`;
    const attempts = (this.options.retries ?? 3) + 1;
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: this.model, input }),
        });
      } catch (error) {
        if (attempt < attempts) {
          await delay(attempt);
          continue;
        }
        throw new AppError('UPSTREAM_ERROR', `Embeddings endpoint unreachable: ${(error as Error).message}`);
      }
      if (RETRYABLE.has(response.status) && attempt < attempts) {
        await delay(attempt);
        continue;
      }
      if (!response.ok)
        throw new AppError('UPSTREAM_ERROR', `Embeddings endpoint answered ${response.status}`, {
          upstreamStatus: 502,
        });
      const body = (await response.json()) as { data?: Array<{ index: number; embedding: number[] }> };
      const data = [...(body.data ?? [])].sort((a, b) => a.index - b.index);
      if (data.length !== input.length)
        throw new AppError(
          'UPSTREAM_ERROR',
          `Embeddings endpoint returned ${data.length} vectors for ${input.length} inputs`,
        );
      const vectors = data.map((d) => normalize(Float32Array.from(d.embedding)));
      this.learned ??= vectors[0].length;
      return vectors;
    }
  }
}

const delay = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 100 * 2 ** (attempt - 1)));

/** The configured provider: an OpenAI-compatible endpoint when one is configured, else undefined (local default). */
export const embeddingsFrom = (settings: DocumentSettings['embeddings']): OpenAiEmbeddings | undefined =>
  settings && new OpenAiEmbeddings(settings);
