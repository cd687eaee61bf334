import { writeFileSync } from 'node:fs';
import { API_SCHEMA_PATH, buildOpenApiDocument, renderApiSchema } from './api-contract.js';

// `npm run contract`: regenerates the web's API types; `-- --json` also prints the OpenAPI document.
const document = await buildOpenApiDocument();
if (process.argv.includes('--json')) console.log(JSON.stringify(document, null, 2));
writeFileSync(API_SCHEMA_PATH, await renderApiSchema(document));
console.error(`wrote ${API_SCHEMA_PATH}`);
