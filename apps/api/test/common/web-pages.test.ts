import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * Which HTML answers which address, and which of them other sites may frame. The web app is a folder of our own
 * with one marked HTML file per entry, so the test does not depend on a (possibly stale) build of apps/web.
 */
const webRoot = mkdtempSync(join(tmpdir(), 'praxia-web-pages-'));
const ENTRIES = {
  'index.html': 'staff-app',
  'public-pages.html': 'public-pages',
  'widget.html': 'booking-widget',
  'video.html': 'video-consultation',
};

let t: TestApp;
beforeAll(async () => {
  for (const [file, marker] of Object.entries(ENTRIES)) {
    writeFileSync(join(webRoot, file), `<!doctype html><title>${marker}</title>`);
  }
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]+)/.exec(String(csp))?.[1];

describe('the booking widget page', () => {
  it('answers the widget addresses with the widget entry, query included', async () => {
    for (const url of ['/appointment/widget/12/3', '/appointment/widget/12/3?lang=en&slot=99']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toContain('booking-widget');
    }
  });

  it('leads the bare appointment area to the widget, which names the missing booking page itself', async () => {
    const redirect = await page('/appointment');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/appointment/widget');
    const widget = await page('/appointment/widget');
    expect(widget.statusCode).toBe(200);
    expect(widget.body).toContain('booking-widget');
  });

  it('may be framed by any site, with the rest of the policy as strict as elsewhere', async () => {
    const response = await page('/appointment/widget/12/3');
    const csp = String(response.headers['content-security-policy']);
    expect(frameAncestors(csp)).toBe('*');
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-frame-options']).toBeUndefined();
  });
});

describe('the video consultation page', () => {
  it('answers /video/{token} with its own entry, which no other site may frame', async () => {
    const response = await page('/video/AbC-123_xyz?lang=en');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('video-consultation');
    expect(frameAncestors(response.headers['content-security-policy'])).toBe("'none'");
  });
});

describe('every other page', () => {
  it('keeps its own entry and may not be framed', async () => {
    const expectations: [string, string][] = [
      ['/impressum', 'public-pages'],
      ['/appointment/cancel/some-token', 'public-pages'],
      ['/rechnung/some-token', 'public-pages'],
      ['/', 'staff-app'],
      ['/appointment/list', 'staff-app'],
    ];
    for (const [url, marker] of expectations) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(marker);
      expect(frameAncestors(response.headers['content-security-policy']), url).toBe("'none'");
    }
  });

  it('tells search engines to leave the invoice download page alone, and only that page', async () => {
    const download = await page('/rechnung/some-token');
    expect(download.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await page('/impressum')).headers['x-robots-tag']).toBeUndefined();
  });

  it('does not frame the widget HTML under its file name, nor the API', async () => {
    for (const url of ['/widget.html', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(frameAncestors(response.headers['content-security-policy']), url).toBe("'none'");
    }
  });
});
