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
import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';

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

/** The statuses an AppError may carry: those the spec names an error type for. */
export type AppErrorStatus = (typeof ERROR_TYPES)[ErrorType];

export type AppErrorOptions = {
  status: AppErrorStatus;
  /** English, for people reading logs; clients switch on the code. Defaults to the status's title. */
  detail?: string;
  /** Field → message keys (the wire's `validationMessages`). */
  fields?: Record<string, string[]>;
  /** Values the client fills into the code's message (e.g. the first conflicting date of a series). */
  params?: ErrorParams;
};

const TYPE_BY_STATUS = Object.fromEntries(
  Object.entries(ERROR_TYPES).map(([type, status]) => [status, type as ErrorType]),
) as Record<AppErrorStatus, ErrorType>;

/**
 * An expected failure. `code` is the stable key clients switch on (e.g. 'error.patientNumberTaken'); a failure
 * without a more specific meaning takes the general code of its status (ErrorCode.notFound for a 404).
 */
export class AppError extends Error {
  readonly status: AppErrorStatus;
  readonly detail: string;
  readonly fields?: Record<string, string[]>;
  readonly params?: ErrorParams;

  constructor(
    readonly code: ErrorCode,
    { status, detail, fields, params }: AppErrorOptions,
  ) {
    const text = detail ?? TITLES[status] ?? 'Error';
    super(text);
    this.status = status;
    this.detail = text;
    this.fields = fields;
    this.params = params;
  }

  /** The wire's `type` name of the status ('Entity Missing' for 404). */
  get type(): ErrorType {
    return TYPE_BY_STATUS[this.status];
  }
}

export const notFound = (detail = 'Not found') => new AppError(ErrorCode.notFound, { status: 404, detail });
export const forbidden = (detail = 'Forbidden') => new AppError(ErrorCode.forbidden, { status: 403, detail });
export const unauthorized = (detail = 'Not signed in') => new AppError(ErrorCode.notSignedIn, { status: 401, detail });
/** A 422 naming one field and its message key. */
export const validationFailed = (field: string, key: string, detail = 'Validation failed') =>
  new AppError(ErrorCode.validationFailed, { status: 422, detail, fields: { [field]: [key] } });

/** A zod failure outside route validation (e.g. JSON inside multipart) as the same 422 answer. */
export function validationError(issues: readonly { path: readonly PropertyKey[]; message: string }[]): AppError {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    // Our schemas carry message keys ('error.…'); zod's own English texts become a generic key.
    const key = issue.message.startsWith('error.') ? issue.message : ValidationKey.invalidValue;
    fields[field] = [...(fields[field] ?? []), key];
  }
  const specDetail = issues.map((issue) => VALIDATION_DETAIL_TEXTS[issue.message]).find(Boolean);
  return new AppError(ErrorCode.validationFailed, {
    status: 422,
    detail: specDetail ?? 'The request is not valid.',
    fields,
  });
}

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

function body(status: number, type: string, detail: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { type, title: TITLES[status] ?? 'Error', status, detail, code: errorCodeForStatus(status), ...extra };
}

/**
 * The code the client receives. The type system demands one, but an AppError built from plain JavaScript or a cast
 * may lack it: such a failure answers the general code of its status, and the log names the gap so it gets fixed.
 */
function answeredCode(error: AppError, log: FastifyBaseLogger): ErrorCode {
  if (typeof error.code === 'string' && KNOWN_CODES.has(error.code)) return error.code;
  log.error({ code: error.code, detail: error.detail }, 'AppError without a known code');
  return errorCodeForStatus(error.status);
}

/** Turns every error into the JSON error shape; unknown errors become a 500 without internals. */
export function registerErrorHandler(app: FastifyInstance, options: { serveSpa: boolean }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(
        body(error.status, error.type, error.detail, {
          code: answeredCode(error, request.log),
          validationMessages: error.fields,
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
          validationMessages: failure.fields,
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
