import { describe, expect, it } from 'vitest';
import { isPublicPagePath } from './public-pages.js';

describe('isPublicPagePath', () => {
  it('claims the legal pages and everything under the reserved public prefixes', () => {
    for (const path of [
      '/impressum',
      '/datenschutz',
      '/agb',
      '/appointment/widget/12',
      '/suche',
      '/suche/psychotherapeuten-in-10115',
      '/psychotherapie/3/4',
      '/video/abc',
    ]) {
      expect(isPublicPagePath(path), path).toBe(true);
    }
  });

  it('leaves the staff app its pages, including look-alikes of public ones', () => {
    for (const path of [
      '/',
      '/login',
      '/main',
      '/appointment/list',
      '/user/profile',
      '/impressum/x',
      '/help',
      '/psychotherapie',
    ]) {
      expect(isPublicPagePath(path), path).toBe(false);
    }
  });
});
