import {
  ERROR_TYPES,
  type ErrorBody,
  ErrorCode,
  type ErrorParams,
  type ErrorType,
  errorCodeForStatus,
  VALIDATION_DETAIL_TEXTS,
  ValidationKey,
} from '@praxia/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';

/**
 * An expected failure with the spec's status, detail and per-field message keys. `code` is the stable key clients
 * switch on; without one the failure gets the general code of its status (e.g. 'error.notFound').
 */
export class AppError extends Error {
  readonly code: string;

  constructor(
    readonly type: ErrorType,
    readonly detail: string,
    readonly validationMessages?: Record<string, string[]>,
    code?: ErrorCode,
    /** Values the client fills into the code's message (e.g. the first conflicting date of a series). */
    readonly params?: ErrorParams,
  ) {
    super(detail);
    this.code = code ?? errorCodeForStatus(ERROR_TYPES[type]);
  }

  get status(): number {
    return ERROR_TYPES[this.type];
  }
}

export const notFound = (detail = 'Not found', code?: ErrorCode) =>
  new AppError('Entity Missing', detail, undefined, code);
export const forbidden = (detail = 'Forbidden', code?: ErrorCode) => new AppError('Forbidden', detail, undefined, code);
export const unauthorized = (detail = 'Not signed in', code?: ErrorCode) =>
  new AppError('Unauthorized', detail, undefined, code);
export const validationFailed = (field: string, key: string, detail = 'Validation failed', code?: ErrorCode) =>
  new AppError('Validation Failed', detail, { [field]: [key] }, code);
export const conflict = (detail: string, code: ErrorCode, params?: ErrorParams) =>
  new AppError('Conflict', detail, undefined, code, params);

/** A zod failure outside route validation (e.g. JSON inside multipart) as the same 422 answer. */
export function validationError(issues: readonly { path: readonly PropertyKey[]; message: string }[]): AppError {
  const messages: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    // Our schemas carry message keys ('error.…'); zod's own English texts become a generic key.
    const key = issue.message.startsWith('error.') ? issue.message : ValidationKey.invalidValue;
    messages[field] = [...(messages[field] ?? []), key];
  }
  const specDetail = issues.map((issue) => VALIDATION_DETAIL_TEXTS[issue.message]).find(Boolean);
  return new AppError('Validation Failed', specDetail ?? 'The request is not valid.', messages);
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

function body(status: number, type: string, detail: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { type, title: TITLES[status] ?? 'Error', status, detail, code: errorCodeForStatus(status), ...extra };
}

/** Turns every error into the JSON error shape; unknown errors become a 500 without internals. */
export function registerErrorHandler(app: FastifyInstance, options: { serveSpa: boolean }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(
        body(error.status, error.type, error.detail, {
          code: error.code,
          validationMessages: error.validationMessages,
          params: error.params,
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.split('/').filter(Boolean),
        message: issue.message ?? '',
      }));
      const failure = validationError(issues);
      return reply.status(422).send(
        body(422, failure.type, failure.detail, {
          code: ErrorCode.validationFailed,
          validationMessages: failure.validationMessages,
        }),
      );
    }
    // A database that is gone, overloaded or too slow is temporary: the client may retry, it is not our bug.
    if (isDatabaseUnavailable(error)) {
      request.log.warn(`database unavailable: ${error.cause instanceof Error ? error.cause.message : error.message}`);
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(body(503, 'Service Unavailable', 'The service is temporarily unavailable, please try again shortly.'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(body(429, 'Too Many Requests', 'Too many requests, please try again later.'));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(status, TITLES[status] ?? 'Bad Request', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(body(500, 'Server Error', 'An unexpected error occurred.', { requestId: String(request.id) }));
  });

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api');
    if (options.serveSpa && isPage) return reply.type('text/html').sendFile('index.html');
    return reply
      .status(404)
      .send(body(404, 'Entity Missing', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}
