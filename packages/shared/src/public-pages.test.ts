import { describe, expect, it } from 'vitest';
import { isPublicPagePath, isVideoPagePath, isWidgetPagePath } from './public-pages.js';

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
      '/rechnung/abc',
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

  it('leaves the booking widget and the video consultation to their own entries', () => {
    expect(isPublicPagePath('/appointment/widget/12/3')).toBe(false);
    expect(isPublicPagePath('/video/abc')).toBe(false);
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

describe('isVideoPagePath', () => {
  it('claims the addresses below the video prefix and nothing else', () => {
    expect(isVideoPagePath('/video/abc-DEF_123')).toBe(true);
    for (const path of ['/video', '/videos/x', '/appointment/widget/12/3', '/']) {
      expect(isVideoPagePath(path), path).toBe(false);
    }
  });
});
