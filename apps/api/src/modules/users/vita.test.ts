import { describe, expect, it } from 'vitest';
import { sanitiseVita } from './vita.js';

describe('sanitiseVita', () => {
  it('keeps bold, underline, paragraphs and line breaks only', () => {
    expect(sanitiseVita('<p><strong>2010</strong> <b>Diplom</b><br><u>Berlin</u></p>')).toBe(
      '<p><strong>2010</strong> <b>Diplom</b><br /><u>Berlin</u></p>',
    );
  });

  it('drops scripts, styles, links, images and every attribute', () => {
    const dirty =
      '<p style="color:red" onclick="x()">Hallo<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:x">Link</a><i>kursiv</i></p>';
    expect(sanitiseVita(dirty)).toBe('<p>HalloLinkkursiv</p>');
  });
});
