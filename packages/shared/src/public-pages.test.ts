import { describe, expect, it } from 'vitest';
import { isPublicPagePath, isWidgetPagePath } from './public-pages.js';

describe('isPublicPagePath', () => {
  it('claims the legal pages and everything under the reserved public prefixes', () => {
    for (const path of [
      '/impressum',
      '/datenschutz',
      '/agb',
      '/appointment/cancel/abc',
      '/appointment/waiting-list/abc',
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

  it('leaves the booking widget to its own entry', () => {
    expect(isPublicPagePath('/appointment/widget/12/3')).toBe(false);
  });
});

describe('isWidgetPagePath', () => {
  it('claims the addresses below the widget prefix and nothing else', () => {
    expect(isWidgetPagePath('/appointment/widget/12/3')).toBe(true);
    for (const path of ['/appointment/widget', '/appointment/cancel/x', '/impressum', '/']) {
      expect(isWidgetPagePath(path), path).toBe(false);
    }
  });
});
