import { readdir, readFile } from 'node:fs/promises';
import { validateXML } from 'xmllint-wasm';

// The official UN/CEFACT CII D16B schema (fixtures/cii-d16b, see its README), checked with libxml2 compiled to
// WebAssembly (xmllint-wasm), so no system tool is needed.

const SCHEMA_DIR = new URL('./fixtures/cii-d16b/', import.meta.url);
const ROOT_SCHEMA = 'CrossIndustryInvoice_100pD16B.xsd';

let schemaFiles: Promise<{ fileName: string; contents: string }[]> | null = null;

function loadSchema() {
  schemaFiles ??= readdir(SCHEMA_DIR).then((names) =>
    Promise.all(
      names
        .filter((name) => name.endsWith('.xsd'))
        .map(async (fileName) => ({ fileName, contents: await readFile(new URL(fileName, SCHEMA_DIR), 'utf8') })),
    ),
  );
  return schemaFiles;
}

/** The schema's complaints about an XML document (empty when it is valid). */
export async function ciiSchemaErrors(xml: string): Promise<string[]> {
  const files = await loadSchema();
  const root = files.find((file) => file.fileName === ROOT_SCHEMA);
  if (!root) throw new Error(`${ROOT_SCHEMA} missing`);
  const result = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [root],
    preload: files.filter((file) => file !== root),
  });
  return result.valid ? [] : result.errors.map((error) => error.message);
}

/** Whether a text is well-formed XML (libxml2 parses it; no schema). */
export async function isWellFormedXml(xml: string): Promise<boolean> {
  const result = await validateXML({ xml: [{ fileName: 'document.xml', contents: xml }], normalization: 'format' });
  return result.valid;
}

/** Every text of the named element, in document order (enough for the flat values of a CII document). */
export const xmlValues = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((match) => match[1]);
