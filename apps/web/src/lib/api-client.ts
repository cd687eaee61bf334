import type { ErrorBody } from '@praxia/shared';

/** A failed API call. `status` 0 means the request never got an answer (offline, DNS, aborted). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null) {
    super(body?.detail ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get detail(): string {
    return this.body?.detail ?? '';
  }

  /** The stable error code (e.g. 'error.emailAlreadyExists'); '' when the answer carried no error body. */
  get code(): string {
    return this.body?.code ?? '';
  }

  get validationMessages(): Record<string, string[]> {
    return this.body?.validationMessages ?? {};
  }
}

/** Anything with a `parse`, e.g. a zod schema from the shared package. */
export type Parser<T> = { parse(data: unknown): T };

type RequestOptions<T> = {
  body?: unknown;
  parser?: Parser<T>;
  /**
   * 'omit' keeps background polls (version, config) from sending the session cookie: every call that carries it
   * renews the 12-hour idle timeout, and a poll every 10 s would keep an abandoned tab signed in for ever.
   */
  credentials?: RequestCredentials;
  signal?: AbortSignal;
};

const ACTIVITY_STORAGE_KEY = 'praxia.lastSessionActivity';
// Writing storage on every call is needless; the idle rule works in hours.
const ACTIVITY_WRITE_INTERVAL_MS = 30_000;

function readStoredActivity(): number {
  try {
    return Number(sessionStorage.getItem(ACTIVITY_STORAGE_KEY)) || Date.now();
  } catch {
    return Date.now();
  }
}

// Kept across reloads: a page loaded after a long pause must still know the session sat idle.
let lastSessionActivityAt = typeof sessionStorage === 'undefined' ? Date.now() : readStoredActivity();
let lastActivityWriteAt = 0;

function markSessionActivity(): void {
  lastSessionActivityAt = Date.now();
  if (lastSessionActivityAt - lastActivityWriteAt < ACTIVITY_WRITE_INTERVAL_MS) return;
  lastActivityWriteAt = lastSessionActivityAt;
  try {
    sessionStorage.setItem(ACTIVITY_STORAGE_KEY, String(lastSessionActivityAt));
  } catch {
    // Without storage the in-memory value still serves this page.
  }
}

/** When a call last carried the session cookie, i.e. last renewed the server's idle timeout. */
export function getLastSessionActivity(): number {
  return lastSessionActivityAt;
}

type UnauthorizedListener = (code: string) => void;
let onUnauthorized: UnauthorizedListener = () => {};

/** Lets the session layer react to a 401 from any call (e.g. error.sessionExpired → inactivity logout). */
export function setUnauthorizedListener(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'status' in value && 'detail' in value;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Calls the API under /api. Resolves with the parsed body (undefined for 204) or throws an ApiError. */
export async function apiRequest<T = undefined>(
  method: string,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  // State-changing calls always carry a JSON body (an empty object at least): the CSRF rule expects a JSON content
  // type, and Fastify refuses that content type without a body. Form data (file uploads) goes as multipart; the
  // browser sets that content type itself, with the boundary.
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const isFormData = typeof FormData !== 'undefined' && options.body instanceof FormData;
  let body: BodyInit | undefined;
  if (hasBody) body = isFormData ? (options.body as FormData) : JSON.stringify(options.body ?? {});
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers:
        hasBody && !isFormData
          ? { 'Content-Type': 'application/json', Accept: 'application/json' }
          : { Accept: 'application/json' },
      body,
      credentials: options.credentials ?? 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  const data = await readJson(response);
  const errorBody = response.ok ? null : isErrorBody(data) ? data : null;
  if (response.status === 401) {
    onUnauthorized(errorBody?.code ?? '');
  } else if (options.credentials !== 'omit') {
    // Any answer but 401 to a call with the cookie renewed the session on the server.
    markSessionActivity();
  }
  if (!response.ok) throw new ApiError(response.status, errorBody);
  if (options.parser) return options.parser.parse(data);
  return data as T;
}

export const api = {
  get: <T = undefined>(path: string, options?: RequestOptions<T>) => apiRequest<T>('GET', path, options),
  post: <T = undefined>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>('POST', path, { ...options, body }),
  patch: <T = undefined>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  put: <T = undefined>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T = undefined>(path: string, options?: RequestOptions<T>) => apiRequest<T>('DELETE', path, options),
};
