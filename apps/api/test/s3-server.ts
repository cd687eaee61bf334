import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  /** The standard AWS variables that point the SDK at this server (s3rver's fixed test credentials). */
  environment: Record<string, string>;
  close: () => Promise<void>;
};

/** An S3-compatible server (s3rver, from the lockfile) on a free port, keeping its objects in a temporary folder. */
export async function startS3Server(bucket = 'praxia-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'praxia-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    environment: {
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'eu-central-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Sets the server's AWS variables in this process (the SDK reads them there) until the returned function runs. */
export function useS3Environment(server: S3TestServer): () => void {
  const previous = Object.fromEntries(Object.keys(server.environment).map((name) => [name, process.env[name]]));
  Object.assign(process.env, server.environment);
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
