import { ErrorCode } from '@praxia/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiHref,
  createApiClient,
  dataOf,
  getLastSessionActivity,
  setUnauthorizedListener,
  toFormData,
} from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A client whose server is `answer`; `sent` collects the requests as the server saw them. */
function clientAnswering(answer: (request: Request) => Response | Promise<Response>) {
  const sent: Request[] = [];
  const api = createApiClient({
    baseUrl: 'http://praxia.test',
    fetch: async (request) => {
      sent.push(request);
      return answer(request);
    },
  });
  return { api, sent };
}

afterEach(() => {
  setUnauthorizedListener(() => {});
  vi.useRealTimers();
});

describe('the API client', () => {
  it('resolves with the data of a successful answer', async () => {
    const { api, sent } = clientAnswering(() => json(200, { status: 'ok' }));
    expect(await dataOf(api.GET('/api/health'))).toEqual({ status: 'ok' });
    expect(sent[0]?.url).toBe('http://praxia.test/api/health');
    expect(sent[0]?.headers.get('Accept')).toBe('application/json');
  });

  it('throws a failed answer as ApiError carrying the error body and its code', async () => {
    const body = {
      type: 'Conflict',
      title: 'Conflict',
      status: 422,
      detail: 'taken',
      code: ErrorCode.emailAlreadyExists,
    };
    const { api } = clientAnswering(() => json(422, body));
    const failure = await dataOf(api.POST('/api/user/change-email', { body: { token: 't', password: 'p' } })).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 422, code: ErrorCode.emailAlreadyExists, body });
  });

  it('throws ApiError without a body when the failure is not the JSON error shape', async () => {
    const { api } = clientAnswering(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(dataOf(api.GET('/api/health'))).rejects.toMatchObject({ status: 502, body: null, code: '' });
  });

  it('throws ApiError with status 0 when no answer came, and lets an abort through as it is', async () => {
    const offline = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(dataOf(offline.api.GET('/api/health'))).rejects.toMatchObject({ name: 'ApiError', status: 0 });
    const aborted = clientAnswering(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(dataOf(aborted.api.GET('/api/health'))).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('tells the session layer the code of a 401', async () => {
    const listener = vi.fn();
    setUnauthorizedListener(listener);
    const { api } = clientAnswering(() =>
      json(401, {
        type: 'Unauthorized',
        title: 'Unauthorized',
        status: 401,
        detail: '',
        code: ErrorCode.sessionExpired,
      }),
    );
    await expect(dataOf(api.GET('/api/user/current'))).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledWith(ErrorCode.sessionExpired);
  });

  it('counts calls with the cookie as session activity, background calls without it not', async () => {
    vi.useFakeTimers({ now: new Date('2030-03-02T10:00:00Z') });
    const { api } = clientAnswering(() => json(200, { version: '1', refresh: false }));
    await dataOf(api.POST('/api/version/v1', { body: { version: '1' }, credentials: 'omit' }));
    expect(getLastSessionActivity()).toBeLessThan(Date.now());
    await dataOf(api.POST('/api/version/v1', { body: { version: '1' } }));
    expect(getLastSessionActivity()).toBe(Date.now());
  });

  it('sends a JSON body on every state-changing call, an empty object when the call has none', async () => {
    const { api, sent } = clientAnswering(() => json(200, { checkoutUrl: 'http://pay.test' }));
    await dataOf(api.POST('/api/user/payment'));
    await dataOf(api.POST('/api/version/v1', { body: { version: '2' } }));
    await dataOf(api.GET('/api/health'));
    const [empty, withBody, get] = sent;
    expect(empty?.headers.get('Content-Type')).toBe('application/json');
    expect(await empty?.text()).toBe('{}');
    expect(withBody?.headers.get('Content-Type')).toBe('application/json');
    expect(await withBody?.text()).toBe('{"version":"2"}');
    expect(get?.body).toBeNull();
  });

  it('sends the practice update as multipart: the fields as a JSON part, the logo as a file', async () => {
    const { api, sent } = clientAnswering(() => json(200, {}));
    const logo = new Blob(['png'], { type: 'image/png' });
    await api.PATCH('/api/customer/{id}', {
      params: { path: { id: 7 } },
      body: { __data: { name: 'Praxis am Park' }, logo },
      bodySerializer: toFormData,
    });
    const request = sent[0];
    expect(request?.url).toBe('http://praxia.test/api/customer/7');
    expect(request?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request?.formData();
    expect(form?.get('__data')).toBe('{"name":"Praxis am Park"}');
    const logoPart = form?.get('logo');
    expect(logoPart).toBeInstanceOf(Blob);
    expect(await (logoPart as Blob).text()).toBe('png');
  });
});

describe('toFormData', () => {
  it('keeps texts as they are and leaves out what is undefined (the logo stays when it is not sent)', () => {
    const form = toFormData({ __data: { deactivated: false }, logo: 'null', other: undefined });
    expect([...form.keys()]).toEqual(['__data', 'logo']);
    expect(form.get('logo')).toBe('null');
    expect(form.get('__data')).toBe('{"deactivated":false}');
  });
});

describe('apiHref', () => {
  it('builds an address from the contract path and its parameters', () => {
    expect(apiHref('/api/customer/{id}/logo', { path: { id: 12 } })).toBe('/api/customer/12/logo');
  });
});
