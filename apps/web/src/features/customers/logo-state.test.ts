import { LOGO_MAX_BYTES } from '@praxia/shared';
import { describe, expect, it } from 'vitest';
import {
  canToggleLogoDeletion,
  checkLogoFile,
  chooseLogo,
  type LogoState,
  toggleLogoDeletion,
  toLogoFormValue,
} from './logo-state';

type FakeFile = { name: string };
const file: FakeFile = { name: 'logo.png' };
const unchanged: LogoState<FakeFile> = { kind: 'unchanged' };

describe('checkLogoFile', () => {
  it('accepts PNG and JPEG by MIME type or by extension', () => {
    expect(checkLogoFile({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(checkLogoFile({ name: 'scan', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkLogoFile({ name: 'LOGO.JPG', type: '', size: 10 })).toBeNull();
    expect(checkLogoFile({ name: 'logo.jpeg', type: 'application/octet-stream', size: 10 })).toBeNull();
  });

  it('refuses other types with the type message', () => {
    expect(checkLogoFile({ name: 'logo.gif', type: 'image/gif', size: 10 })).toBe('error.logoType');
    expect(checkLogoFile({ name: 'logo.pdf', type: 'application/pdf', size: 10 })).toBe('error.logoType');
  });

  it('allows exactly 10 MB and refuses one byte more with the size message', () => {
    expect(checkLogoFile({ name: 'a.png', type: 'image/png', size: LOGO_MAX_BYTES })).toBeNull();
    expect(checkLogoFile({ name: 'a.png', type: 'image/png', size: LOGO_MAX_BYTES + 1 })).toBe('error.logoSize');
  });
});

describe('logo states', () => {
  it('a chosen file is sent; clearing the input goes back to no change', () => {
    const chosen = chooseLogo(file);
    expect(chosen).toEqual({ kind: 'new', file });
    expect(toLogoFormValue(chosen)).toBe(file);
    expect(chooseLogo<FakeFile>(null)).toEqual(unchanged);
  });

  it('marking a stored logo sends "null"; the toggle undoes it', () => {
    const marked = toggleLogoDeletion(unchanged, true);
    expect(marked).toEqual({ kind: 'delete' });
    expect(toLogoFormValue(marked)).toBe('null');
    expect(toggleLogoDeletion(marked, true)).toEqual(unchanged);
  });

  it('no change sends nothing', () => {
    expect(toLogoFormValue(unchanged)).toBeUndefined();
  });

  it('marking drops a newly chosen file; without a stored logo it only discards the choice', () => {
    expect(toggleLogoDeletion(chooseLogo(file), true)).toEqual({ kind: 'delete' });
    expect(toggleLogoDeletion(chooseLogo(file), false)).toEqual(unchanged);
  });

  it('offers the toggle only when there is something to delete or discard', () => {
    expect(canToggleLogoDeletion(unchanged, false)).toBe(false);
    expect(canToggleLogoDeletion(unchanged, true)).toBe(true);
    expect(canToggleLogoDeletion(chooseLogo(file), false)).toBe(true);
  });
});
