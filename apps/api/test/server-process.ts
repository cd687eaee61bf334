import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Starts the real server entry as its own process, as `npm run serve` does, and waits for it to end. `asUser` runs it
 * as another uid (tests running as root need that for a directory to be unwritable). `stopOnceListening` stops it
 * (SIGTERM) as soon as it says where it runs, for tests that only ask whether it starts.
 */
export function runServer(
  env: Record<string, string>,
  options: { asUser?: number; timeoutMs?: number; stopOnceListening?: boolean } = {},
) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: '0', ...env },
      uid: options.asUser,
      gid: options.asUser,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (options.stopOnceListening && stdout.includes('Praxia runs at')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the server did not stop within ${options.timeoutMs ?? 30_000} ms; stderr: ${stderr}`));
    }, options.timeoutMs ?? 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
