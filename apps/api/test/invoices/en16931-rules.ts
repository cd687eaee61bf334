import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// The EN 16931 business rules (fixtures/en16931-cii, see its README), run by Saxon-HE, the XSLT 2.0 processor Debian
// ships (libsaxonhe-java; apps/api/scripts/ensure-document-tools.mjs installs it). One Java run checks a whole set of
// documents: starting Java and compiling the rules takes seconds, checking a document milliseconds.

const RULES = fileURLToPath(new URL('./fixtures/en16931-cii/EN16931-CII-validation.xslt', import.meta.url));
const SAXON = '/usr/share/java/Saxon-HE.jar';
const run = promisify(execFile);

/** A rule the document breaks: its id (BR-CO-26) and its text. */
export type RuleFailure = { id: string; flag: string; text: string };

const FAILED = /<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g;
const attribute = (attributes: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1] ?? '';

/** The rules each named document breaks (fatal and warnings); an empty list for a document that meets all. */
export async function en16931RuleFailures(documents: Record<string, string>): Promise<Record<string, RuleFailure[]>> {
  const dir = await mkdtemp(join(tmpdir(), 'praxia-en16931-'));
  try {
    const names = Object.keys(documents);
    const [input, output] = [join(dir, 'in'), join(dir, 'out')];
    await Promise.all([mkdir(input), mkdir(output)]);
    await Promise.all(names.map((name, index) => writeFile(join(input, `${index}.xml`), documents[name] ?? '')));
    await run('java', ['-cp', SAXON, 'net.sf.saxon.Transform', `-s:${input}`, `-xsl:${RULES}`, `-o:${output}`], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const failures: Record<string, RuleFailure[]> = {};
    for (const [index, name] of names.entries()) {
      const report = await readFile(join(output, `${index}.xml`), 'utf8');
      failures[name] = [...report.matchAll(FAILED)].map(([, attributes = '', body = '']) => ({
        id: attribute(attributes, 'id'),
        flag: attribute(attributes, 'flag'),
        text: /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body)?.[1]?.trim() ?? '',
      }));
    }
    return failures;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
