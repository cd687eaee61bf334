import { describe, expect, it } from 'vitest';
import { describeUploadRefusal, maxSizeText } from './upload-errors';

describe('upload refusal texts', () => {
  it('names the free space, a full storage and the maximum size (MB/KB/bytes)', () => {
    expect(describeUploadRefusal({ file: ['limit reached:1572864'] })).toEqual({
      key: 'medicalHistory.storageLeft',
      values: { size: '1,5 MB' },
    });
    expect(describeUploadRefusal({ file: ['limit reached:2048'] })).toMatchObject({ values: { size: '2 KB' } });
    expect(describeUploadRefusal({ file: ['limit reached:900'] })).toMatchObject({ values: { size: '900 Bytes' } });
    expect(describeUploadRefusal({ file: ['limit reached:0'] })).toEqual({ key: 'medicalHistory.storageFull' });
    expect(describeUploadRefusal({ file: ['maxsize:20971520'] })).toEqual(maxSizeText());
    expect(maxSizeText()).toEqual({ key: 'medicalHistory.maxSize', values: { size: '20 MB' } });
  });

  it('passes the type refusal on and knows nothing else', () => {
    expect(describeUploadRefusal({ file: ['error.fileType'] })).toEqual({ key: 'error.fileType', ns: 'validation' });
    expect(describeUploadRefusal({ note: ['error.required'] })).toBeNull();
  });
});
