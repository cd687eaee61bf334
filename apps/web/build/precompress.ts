import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|pdf|map)$/;
// Below about one packet compression saves nothing worth a second request header.
const MIN_BYTES = 1024;

/** Whether the build writes `.br` and `.gz` files beside this file, which the server then sends instead. */
const isPrecompressed = (file: string, bytes: number) => COMPRESSIBLE.test(file) && bytes >= MIN_BYTES;

const brotli = (content: Uint8Array) =>
  brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

/** What a browser that accepts brotli receives for a file of the build: its brotli form when there is one. */
export const servedBytes = (file: string, content: Uint8Array) =>
  isPrecompressed(file, content.length) ? brotli(content).length : content.length;

function listFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((item) => {
    const path = join(directory, item.name);
    return item.isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build (public files included), once and at
 * the highest levels, so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
 * on every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'praxia-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of listFiles(outDir)) {
        if (!isPrecompressed(file, statSync(file).size)) continue;
        const content = readFileSync(file);
        writeFileSync(`${file}.br`, brotli(content));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}
