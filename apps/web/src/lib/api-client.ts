import type { ErrorBody } from '@praxia/shared';
import createClient, {
  type Client,
  type ClientOptions,
  type ClientPathsWithMethod,
  createFinalURL,
  createQuerySerializer,
  defaultPathSerializer,
  type Middleware,
} from 'openapi-fetch';
import type { paths } from './api-schema';

/** A failed API call. `status` 0 means the request never got an answer (offline, DNS, aborted). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null) {
    // The code names the failure in logs; the English detail stays in `body` for people reading the network tab.
    super(`HTTP ${status}${body?.code ? ` ${body.code}` : ''}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The stable error code (e.g. 'error.emailAlreadyExists'); '' when the answer carried no error body. */
  get code(): string {
    return this.body?.code ?? '';
  }

  get validationMessages(): Record<string, string[]> {
    return this.body?.validationMessages ?? {};
  }
}

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

async function readErrorBody(response: Response): Promise<ErrorBody | null> {
  try {
    const data: unknown = await response.json();
    return isErrorBody(data) ? data : null;
  } catch {
    return null;
  }
}

/** What every call needs besides its path and body: the JSON conventions, session bookkeeping, failures as ApiError. */
const apiConventions: Middleware = {
  onRequest({ request }) {
    // State-changing calls always carry a JSON body (an empty object at least): the CSRF rule expects a JSON content
    // type, and Fastify refuses that content type without a body. A call with a body has its content type already
    // (JSON, or multipart with the boundary the browser chose); `Request.body` cannot tell, Firefox leaves it unset.
    if (request.method === 'GET' || request.method === 'HEAD' || request.headers.has('Content-Type')) return undefined;
    const headers = new Headers(request.headers);
    headers.set('Content-Type', 'application/json');
    return new Request(request, { body: '{}', headers });
  },
  async onResponse({ request, response }) {
    const errorBody = response.ok ? null : await readErrorBody(response);
    if (response.status === 401) {
      onUnauthorized(errorBody?.code ?? '');
    } else if (request.credentials !== 'omit') {
      // Any answer but 401 to a call with the cookie renewed the session on the server.
      markSessionActivity();
    }
    if (!response.ok) throw new ApiError(response.status, errorBody);
    return undefined;
  },
  onError({ error }) {
    if (error instanceof DOMException && error.name === 'AbortError') return error;
    return new ApiError(0, null);
  },
};

/** A client for the API's paths, typed from the contract (api-schema.d.ts, generated from the OpenAPI document). */
export function createApiClient(options: Pick<ClientOptions, 'baseUrl' | 'fetch'> = {}): Client<paths> {
  const client = createClient<paths>({
    ...options,
    headers: { Accept: 'application/json' },
    // Calls may say 'omit': background polls (version, config) leave the session cookie at home, since every call
    // that carries it renews the 12-hour idle timeout and a poll every 10 s would keep an abandoned tab signed in.
    credentials: 'same-origin',
  });
  client.use(apiConventions);
  return client;
}

/** The API: `api.GET('/api/customer/{id}', { params: { path: { id } } })`; see `dataOf` for the answer. */
export const api = createApiClient();

/**
 * The answer's data. Failures never come back as `error`: the client throws them as ApiError (status 0 when there
 * was no answer); undefined for answers without content (204).
 */
export async function dataOf<T>(call: Promise<{ data?: T }>): Promise<T> {
  const { data } = await call;
  return data as T;
}

/** Multipart bodies as the API reads them: files and texts as parts, objects as JSON text parts; undefined is left out. */
export function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    form.append(name, value instanceof Blob || typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form;
}

/** An API address the browser loads itself (an image source), built from the contract's path and parameters. */
export function apiHref<P extends ClientPathsWithMethod<Client<paths>, 'get'>>(
  path: P,
  params: NonNullable<paths[P]['get']['parameters']>,
): string {
  return createFinalURL(path, {
    baseUrl: '',
    params,
    querySerializer: createQuerySerializer(),
    pathSerializer: defaultPathSerializer,
  });
}
