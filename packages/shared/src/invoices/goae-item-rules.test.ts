import { describe, expect, it } from 'vitest';
import fixture from './goae-b-g.fixture.json' with { type: 'json' };
import { frequencyConflicts, ITEM_EXCLUSIONS, itemConflicts, treatmentCaseStarts } from './goae-item-rules.js';

describe('GOÄ item exclusions from the catalogue legends', () => {
  it('refuses Nr. 4 beside Nr. 801 and Nr. 860 beside Nr. 807, naming both numbers', () => {
    expect(itemConflicts(['801', '4'])).toEqual([
      { code: '801', otherCode: '4', source: expect.stringContaining('Nummer 801') },
    ]);
    expect(itemConflicts(['860', '807']).map((entry) => [entry.code, entry.otherCode])).toEqual([['860', '807']]);
  });

  it('lets compatible items stand together and counts an analog number as its reference item (§6 Abs.2 GOÄ)', () => {
    expect(itemConflicts(['870', '860', '4'])).toEqual([]);
    expect(itemConflicts(['860a', '835'], (code) => (code === '860a' ? '860' : null))).toEqual([
      expect.objectContaining({ code: '860a', otherCode: '835' }),
    ]);
  });

  it('Nr. 2 stands alone; Nr. 45 beside any section B item; surcharges A–D exclude E–J', () => {
    expect(itemConflicts(['2', '870']).map((entry) => entry.otherCode)).toEqual(['870']);
    expect(itemConflicts(['45', '1']).length).toBe(1);
    expect(itemConflicts(['45', '870'])).toEqual([]);
    expect(itemConflicts(['K 1', 'K 2']).map((entry) => [entry.code, entry.otherCode])).toEqual([['K 1', 'K 2']]);
  });

  it('quotes every rule from the law text and names only items of the schedule', () => {
    const known = new Set(fixture.items.map((row) => row.code));
    for (const rule of ITEM_EXCLUSIONS) {
      expect(known.has(rule.code), rule.code).toBe(true);
      expect(rule.source).toMatch(/nicht (zusammen|berechnungsfähig|berechnet werden)/);
    }
  });
});

describe('GOÄ frequency limits ("im Behandlungsfall nur einmal", "höchstens")', () => {
  const session = (id: number, date: string, codes: string[]) => ({ sessionId: id, date, codes });

  it('opens a new treatment case a month after the first session of the last one', () => {
    const starts = treatmentCaseStarts(['2026-01-10', '2026-01-31', '2026-02-10', '2026-02-20', '2026-03-12']);
    expect([...starts.values()]).toEqual(['2026-01-10', '2026-01-10', '2026-02-10', '2026-02-10', '2026-03-12']);
  });

  it('refuses Nr. 860 twice in one treatment case, allows it again in the next', () => {
    const history = [
      session(1, '2026-01-10', ['860']),
      session(2, '2026-01-20', ['860', '870']),
      session(3, '2026-02-15', ['860']),
    ];
    expect(frequencyConflicts(history, history)).toEqual([
      expect.objectContaining({
        sessionId: 2,
        code: '860',
        max: 1,
        source: expect.stringContaining('Behandlungsfall'),
      }),
    ]);
  });

  it('counts Nr. 34 over six months and Nr. 15 per calendar year', () => {
    const history = [
      session(1, '2026-01-05', ['34']),
      session(2, '2026-03-05', ['34']),
      session(3, '2026-05-05', ['34']),
      session(4, '2026-09-10', ['34']),
      session(5, '2026-12-30', ['15']),
      session(6, '2027-01-02', ['15']),
    ];
    expect(frequencyConflicts(history, history).map((entry) => entry.sessionId)).toEqual([3]);
  });
});
