import { describe, expect, it } from 'vitest';
import { retentionClassOf } from './audit-retention.js';

describe('audit retention class', () => {
  it('keeps reads of health data the shorter time', () => {
    expect(retentionClassOf('read', 'patient')).toBe('reads');
    expect(retentionClassOf('download', 'document')).toBe('reads');
    expect(retentionClassOf('export', 'export')).toBe('reads');
    expect(retentionClassOf('join', 'videoSession')).toBe('reads');
  });

  it('keeps every change, and anything about billing, the longer time', () => {
    expect(retentionClassOf('update', 'diagnosis')).toBe('billing');
    expect(retentionClassOf('delete', 'medicalHistory')).toBe('billing');
    expect(retentionClassOf('share', 'document')).toBe('billing');
    expect(retentionClassOf('read', 'invoice')).toBe('billing');
    expect(retentionClassOf('download', 'overdueNotice')).toBe('billing');
    expect(retentionClassOf('read', 'feeDefault')).toBe('billing');
  });
});
