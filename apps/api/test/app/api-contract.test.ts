import { readFileSync } from 'node:fs';
import type { OpenAPI3 } from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_SCHEMA_PATH, buildOpenApiDocument, renderApiSchema } from '../../scripts/api-contract.js';

let document: OpenAPI3;
beforeAll(async () => {
  document = await buildOpenApiDocument();
});

describe('the API contract the web is typed with', () => {
  it('is the checked-in api-schema.d.ts: a route change without `npm run contract` fails here', async () => {
    const committed = readFileSync(API_SCHEMA_PATH, 'utf8');
    expect(await renderApiSchema(document), 'apps/web/src/lib/api-schema.d.ts is stale: run `npm run contract`').toBe(
      committed,
    );
  });

  it('documents the multipart practice update with its JSON part and logo file', () => {
    const form = {
      properties: { __data: { type: 'object' }, logo: { anyOf: [{ format: 'binary' }, { enum: ['null'] }] } },
      required: ['__data'],
    };
    expect(document).toMatchObject({
      paths: {
        '/api/customer/{id}': { patch: { requestBody: { content: { 'multipart/form-data': { schema: form } } } } },
      },
    });
  });
});
