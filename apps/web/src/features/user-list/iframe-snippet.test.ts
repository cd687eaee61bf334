import { describe, expect, it } from 'vitest';
import { iframeLinks, iframeSnippet } from './iframe-snippet';

describe('iframe embed links', () => {
  it('embeds the widget of the therapist and practice at 410 × 365 px', () => {
    const snippet = iframeSnippet('https://praxia.example', 7, 3);
    expect(snippet).toContain('src="https://praxia.example/appointment/widget/7/3"');
    expect(snippet).toContain('width="410"');
    expect(snippet).toContain('height="365"');
  });

  it('labels links by practice name only when there are several practices', () => {
    expect(iframeLinks('https://x', 7, [{ id: 3, name: 'Praxis A' }]).map((link) => link.label)).toEqual([null]);
    expect(
      iframeLinks('https://x', 7, [
        { id: 3, name: 'Praxis A' },
        { id: 4, name: 'Praxis B' },
      ]).map((link) => link.label),
    ).toEqual(['Praxis A', 'Praxis B']);
  });
});
