import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage, isValidStorageKey } from './file-storage.js';

describe('storage keys', () => {
  it('allows per-practice folders and the older flat keys', () => {
    expect(isValidStorageKey('practices/42/logos/0b9c7e4e-2f7a-4a53-9a0e-1c2d3e4f5a6b.png')).toBe(true);
    expect(isValidStorageKey('practices/7/invoices/0b9c7e4e-2f7a-4a53-9a0e-1c2d3e4f5a6b.pdf')).toBe(true);
    expect(isValidStorageKey('practices/7/patient-documents/abc-123.jpeg')).toBe(true);
    expect(isValidStorageKey('logos/0b9c7e4e-2f7a-4a53-9a0e-1c2d3e4f5a6b.jpg')).toBe(true);
  });

  it('refuses anything that could leave the root or is not a generated name', () => {
    for (const key of [
      '../etc/passwd',
      'practices/7/../../secret.png',
      'practices/../logos/x.png',
      '/practices/7/logos/x.png',
      'practices/7/logos/../x.png',
      'practices/07/logos/x.png',
      'practices/x/logos/x.png',
      'practices/7/logos/sub/x.png',
      'practices/7/Logos/x.png',
      'practices/7/logos/x y.png',
      'practices/7/logos/x.png\u0000.txt',
      'practices/7/logos/.png',
      'practices\\7\\logos\\x.png',
      'logos/x',
      'x.png',
      '',
    ]) {
      expect(isValidStorageKey(key), key).toBe(false);
    }
  });
});

describe('local file storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'praxia-storage-'));
  const storage = createLocalFileStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('stores a practice file in its folder and refuses a bad key before touching the disk', async () => {
    await storage.put('practices/3/logos/abc.png', Buffer.from('png'));
    expect(readdirSync(join(root, 'practices/3/logos'))).toEqual(['abc.png']);
    expect(await storage.get('practices/3/logos/abc.png')).toEqual(Buffer.from('png'));
    await expect(storage.put('practices/3/../../evil.png', Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    await storage.remove('practices/3/logos/abc.png');
    expect(await storage.get('practices/3/logos/abc.png')).toBeNull();
  });
});
