import { ErrorCode } from '@praxia/shared';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError, notFound, registerErrorHandler, validationFailed } from './errors.js';

const logged: unknown[] = [];
const apps: ReturnType<typeof Fastify>[] = [];

/** A bare app with the error handler and one route that throws the given error. */
async function answerOf(error: unknown) {
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
  });
  apps.push(app);
  registerErrorHandler(app, { serveSpa: false });
  app.get('/fail', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/fail' });
  return { status: response.statusCode, body: response.json() };
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  logged.length = 0;
});

describe('AppError', () => {
  // Checked by `tsc` (npm run typecheck): each line below must be a type error, or the build fails.
  it('is typed so that every error names a known code and a status with an error type', () => {
    const typeErrors = () => [
      // @ts-expect-error the code comes first and is required
      new AppError({ status: 404 }),
      // @ts-expect-error a sentence is no code
      new AppError('patient number has to be unique for customer', { status: 422 }),
      // @ts-expect-error 418 has no error type
      new AppError(ErrorCode.badRequest, { status: 418 }),
    ];
    expect(typeErrors).toBeTypeOf('function');
  });

  it('answers the wire shape clients rely on: type and title of the status, detail, code, fields, params', async () => {
    const error = new AppError(ErrorCode.patientNumberTaken, {
      status: 422,
      detail: 'The patient number is taken.',
      fields: { formGlobal: [ErrorCode.patientNumberTaken] },
      params: { number: '7' },
    });
    expect(await answerOf(error)).toEqual({
      status: 422,
      body: {
        type: 'Validation Failed',
        title: 'Unprocessable Entity',
        status: 422,
        detail: 'The patient number is taken.',
        code: ErrorCode.patientNumberTaken,
        validationMessages: { formGlobal: [ErrorCode.patientNumberTaken] },
        params: { number: '7' },
      },
    });
  });

  it('gives the general failures the code of their status', async () => {
    expect((await answerOf(notFound('Patient not found'))).body).toMatchObject({
      type: 'Entity Missing',
      status: 404,
      code: ErrorCode.notFound,
    });
    expect((await answerOf(validationFailed('email', 'error.required'))).body).toMatchObject({
      code: ErrorCode.validationFailed,
      validationMessages: { email: ['error.required'] },
    });
  });

  it('answers the general code of the status and logs the gap when an error slipped past the type check', async () => {
    const withoutCode = new AppError(undefined as unknown as ErrorCode, { status: 409, detail: 'No code given' });
    const answer = await answerOf(withoutCode);
    expect(answer).toMatchObject({ status: 409, body: { type: 'Conflict', code: ErrorCode.conflict } });
    expect(logged).toContainEqual(expect.objectContaining({ msg: 'AppError without a known code' }));

    const unknownCode = new AppError('patient number has to be unique' as ErrorCode, { status: 422 });
    expect((await answerOf(unknownCode)).body.code).toBe(ErrorCode.validationFailed);
  });
});
