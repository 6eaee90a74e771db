import type { z } from 'zod';

/* The shapes of the app's one request function (api-client.ts) and of what it answers. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<S extends z.ZodType, B extends z.ZodType> {
  method?: HttpMethod;
  /** Below the API base, e.g. `/credits`. */
  path: string;
  /** Query string parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** The JSON body as its contract schema builds it (defaults, trimming, checks) from `value`. */
  body?: { schema: B; value: z.input<B> };
  /** Aborting stops the exchange and any retry at once; an aborted call is not logged as failed. */
  signal?: AbortSignal;
  /** Spec §9 retries of retryable errors (default on); off where a refusal is final. */
  retry?: boolean;
  /** The contract schema of the answer; a mismatch is an INTERNAL_ERROR keeping the issues. */
  schema: S;
  /** Extra request headers (e.g. Idempotency-Key); they never override Authorization. */
  headers?: Record<string, string>;
  /**
   * Statuses the caller reads as an answer rather than a failure (e.g. 404 on `/credits` for a
   * user without a credit record, spec §4): still thrown as ApiError, but not logged as an error.
   */
  expectedStatuses?: readonly number[];
}

export interface DownloadOptions {
  /** Below the API base, e.g. `/user/export`. */
  path: string;
  signal?: AbortSignal;
  retry?: boolean;
}

/** A file the server sent, with the name its Content-Disposition gives (null when none). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

export interface ApiClient {
  request<S extends z.ZodType, B extends z.ZodType = z.ZodType>(
    options: RequestOptions<S, B>,
  ): Promise<z.output<S>>;
  /** A GET whose answer is a file: the same token, 401 flow, retries and errors as `request`. */
  download(options: DownloadOptions): Promise<DownloadedFile>;
}
