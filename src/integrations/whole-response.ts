// Decodes as a Response's text() does: a leading byte-order mark dropped, malformed bytes replaced.
const utf8 = new TextDecoder();

const EMPTY = new Uint8Array(0);

export interface WholeAnswer {
  status: number;
  statusText: string;
  /** Names and values in turn, as node:http gives them (`IncomingMessage.rawHeaders`). */
  rawHeaders: readonly string[];
}

type ResponseBase = new (
  body: null,
  init: ResponseInit,
) => Pick<Response, 'type' | 'url' | 'redirected' | 'status' | 'ok' | 'statusText'>;

/**
 * A Response for an answer already read whole. A Response made on bytes wraps them in a web stream, and
 * reading it back walks that stream: per call, about as much CPU as the rest of the answer's handling.
 * This one hands text, json, arrayBuffer and bytes straight from the bytes, and builds its headers when
 * they are first read (a refusal's handling reads them; a successful call's usually does not). What else a
 * reader asks for (the body stream, a blob, a clone) comes from an ordinary Response made on first need,
 * which from then on serves every read.
 */
const defineWholeResponse = (ResponseBase: ResponseBase) =>
  class WholeResponse extends ResponseBase implements Response {
    readonly #bytes: Uint8Array | null;
    readonly #rawHeaders: readonly string[];
    #headers: Headers | undefined;
    #ordinary: Response | undefined;
    #used = false;

    /** `bytes` null for a status that has no body (204, 205, 304). */
    constructor(bytes: Uint8Array | null, answer: WholeAnswer) {
      super(null, { status: answer.status, statusText: answer.statusText });
      this.#bytes = bytes;
      this.#rawHeaders = answer.rawHeaders;
    }

    get headers(): Headers {
      if (!this.#headers) {
        const headers = new Headers();
        const raw = this.#rawHeaders;
        for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
        this.#headers = headers;
      }
      return this.#headers;
    }

    get body(): ReadableStream<Uint8Array> | null {
      return this.ordinary().body;
    }

    get bodyUsed(): boolean {
      return this.#ordinary ? this.#ordinary.bodyUsed : this.#used;
    }

    text(): Promise<string> {
      return this.#ordinary ? this.#ordinary.text() : this.take((bytes) => utf8.decode(bytes));
    }

    json(): Promise<unknown> {
      return this.#ordinary ? this.#ordinary.json() : this.take((bytes) => JSON.parse(utf8.decode(bytes)) as unknown);
    }

    arrayBuffer(): Promise<ArrayBuffer> {
      return this.#ordinary ? this.#ordinary.arrayBuffer() : this.take((bytes) => new Uint8Array(bytes).buffer);
    }

    bytes(): Promise<Uint8Array<ArrayBuffer>> {
      return this.#ordinary
        ? this.#ordinary.arrayBuffer().then((buffer) => new Uint8Array(buffer))
        : this.take((bytes) => new Uint8Array(bytes));
    }

    blob(): Promise<Blob> {
      return this.ordinary().blob();
    }

    formData(): Promise<FormData> {
      return this.ordinary().formData();
    }

    clone(): Response {
      return this.ordinary().clone();
    }

    /** Reads the body once, as a Response does: a second read is refused. */
    private take<T>(read: (bytes: Uint8Array) => T): Promise<T> {
      if (this.#used) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
      this.#used = true;
      try {
        return Promise.resolve(read(this.#bytes ?? EMPTY));
      } catch (error) {
        return Promise.reject(error);
      }
    }

    /** The ordinary Response on the same answer (its body already read when this one's was). */
    private ordinary(): Response {
      if (!this.#ordinary) {
        this.#ordinary = new Response(this.#bytes, {
          status: this.status,
          statusText: this.statusText,
          headers: this.headers,
        });
        if (this.#used) void this.#ordinary.arrayBuffer();
      }
      return this.#ordinary;
    }
  };

let WholeResponseClass: ReturnType<typeof defineWholeResponse> | undefined;

/**
 * A Response on an answer already read whole (`bytes` null for a status that has no body: 204, 205, 304).
 * The class is made on the first answer: reading the global `Response` loads Node's whole web fetch, which a
 * start that makes no upstream call must not pay for (it cost a stdio start ~15 ms when done at import).
 */
export function wholeResponse(bytes: Uint8Array | null, answer: WholeAnswer): Response {
  // The types declare a Response's readers as properties: the class gives them as methods and accessors
  // over the same runtime class, and `implements Response` checks it still is one.
  WholeResponseClass ??= defineWholeResponse(Response);
  return new WholeResponseClass(bytes, answer);
}
