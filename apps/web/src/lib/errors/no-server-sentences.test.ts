/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_TYPES } from '@praxia/shared';
import { describe, expect, it } from 'vitest';

const webSource = fileURLToPath(new URL('../..', import.meta.url));
const apiSource = fileURLToPath(new URL('../../../../api/src', import.meta.url));

/** Source files of a folder, without tests and generated declarations. */
function sourceFiles(folder: string): { path: string; text: string }[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => ({ path: relative(webSource, join(folder, file)), text: readFileSync(join(folder, file), 'utf8') }));
}

/** The English or German sentences the API answers in `detail`, read from its source. */
function serverDetails(): string[] {
  const sentences = new Set<string>();
  const patterns = [
    /detail:\s*'([^'$]{6,})'/g,
    /(?:notFound|forbidden|unauthorized)\(\s*'([^']{6,})'/g,
    /validationFailed\([^)]*?,[^)]*?,\s*'([^']{6,})'\)/g,
  ];
  for (const { text } of sourceFiles(apiSource)) {
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) sentences.add(match[1] as string);
  }
  return [...sentences];
}

const web = sourceFiles(webSource);

describe('the web maps errors by code only', () => {
  it('finds the server sentences it checks against (the scan still reads the API)', () => {
    expect(serverDetails()).toEqual(expect.arrayContaining(['Appointment overlaps.', 'Adresse fehlt.']));
  });

  it('contains no server detail or type sentence as a string', () => {
    const sentences = [...serverDetails(), ...Object.keys(ERROR_TYPES)];
    const quoted = (sentence: string) => ["'", '"', '`'].map((quote) => `${quote}${sentence}${quote}`);
    // A text catalogue may word a refusal as the server does (the spec gives both the same words); it is shown by
    // status or code, never compared with an answer.
    const code = web.filter(({ path }) => !path.endsWith('i18n.ts'));
    const found = code.flatMap(({ path, text }) =>
      sentences
        .filter((sentence) => quoted(sentence).some((literal) => text.includes(literal)))
        .map((s) => `${path}: ${s}`),
    );
    expect(found).toEqual([]);
  });

  it("never reads an error's detail or type, nor a prefix or suffix of its code", () => {
    const reads = [
      /\b(?:error|err|failure|body|errorBody)\??\.(?:detail|type)\b/,
      /\.body\??\.(?:detail|type|title)\b/,
      /\bcode\??\.(?:startsWith|endsWith|includes|slice|split|match)\(/,
    ];
    const found = web.flatMap(({ path, text }) =>
      text
        .split('\n')
        .map((line, index) => ({ line, number: index + 1 }))
        .filter(({ line }) => reads.some((pattern) => pattern.test(line)))
        .map(({ line, number }) => `${path}:${number}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
