import { describe, expect, it } from 'vitest';
import { exclusionConflicts } from './goae-exclusions.js';

const analogReference = (code: string) => (/^\d+a$/.test(code) && code !== '827a' ? code.slice(0, -1) : null);

describe('GOÄ section B provision 4', () => {
  it('finds each consultation beside a psychotherapy item in one session', () => {
    const conflicts = exclusionConflicts([
      { sessionId: 1, codes: ['1', '870', '3'] },
      { sessionId: 2, codes: ['870', '870'] },
    ]);
    expect(conflicts).toEqual([
      { sessionId: 1, consultationCode: '1', treatmentCode: '870' },
      { sessionId: 1, consultationCode: '3', treatmentCode: '870' },
    ]);
  });

  it('covers every named number and range, and nothing outside them', () => {
    const treatments = [
      '804',
      '806',
      '807',
      '808',
      '812',
      '817',
      '835',
      '849',
      '861',
      '862',
      '863',
      '864',
      '870',
      '871',
    ];
    for (const code of [...treatments, '886', '887']) {
      for (const consultation of ['1', '3', '22', '30', '34']) {
        expect(exclusionConflicts([{ sessionId: 'a', codes: [consultation, code] }])).toHaveLength(1);
      }
    }
    for (const code of [
      '801',
      '803',
      '813',
      '816',
      '834',
      '836',
      '848',
      '850',
      '860',
      '865',
      '869',
      '872',
      '885',
      '888',
    ]) {
      expect(exclusionConflicts([{ sessionId: 'a', codes: ['1', code] }])).toEqual([]);
    }
    // Other consultations (4, 5, 31) are not named by provision 4.
    expect(exclusionConflicts([{ sessionId: 'a', codes: ['4', '5', '31', '870'] }])).toEqual([]);
  });

  it('keeps sessions apart: a consultation on one day and therapy on another do not conflict', () => {
    expect(
      exclusionConflicts([
        { sessionId: 1, codes: ['1'] },
        { sessionId: 2, codes: ['870'] },
      ]),
    ).toEqual([]);
  });

  it('counts analog numbers as their reference item', () => {
    expect(exclusionConflicts([{ sessionId: 7, codes: ['1', '870a'] }], analogReference)).toEqual([
      { sessionId: 7, consultationCode: '1', treatmentCode: '870a' },
    ]);
    expect(exclusionConflicts([{ sessionId: 7, codes: ['3', '812a', '804a'] }], analogReference)).toHaveLength(2);
    // 801a refers to 801 and 827a is a number of its own: neither is named by provision 4.
    expect(exclusionConflicts([{ sessionId: 7, codes: ['1', '801a', '827a'] }], analogReference)).toEqual([]);
    // Without the reference mapping an analog code is not a listed number.
    expect(exclusionConflicts([{ sessionId: 7, codes: ['1', '870a'] }])).toEqual([]);
  });
});
