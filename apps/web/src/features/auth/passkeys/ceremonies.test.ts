import { describe, expect, it } from 'vitest';
import { suggestPasskeyName } from './ceremonies';

describe('suggestPasskeyName', () => {
  it('names browser and system of the device', () => {
    const chromeOnLinux =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(suggestPasskeyName(chromeOnLinux, 'auf')).toBe('Chrome auf Linux');
    const safariOnIphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(suggestPasskeyName(safariOnIphone, 'on')).toBe('Safari on iOS');
    const edgeOnWindows =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
    expect(suggestPasskeyName(edgeOnWindows, 'auf')).toBe('Edge auf Windows');
  });

  it('falls back to "Passkey" for an unknown device', () => {
    expect(suggestPasskeyName('curl/8.0', 'auf')).toBe('Passkey');
  });
});
