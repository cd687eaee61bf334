import { describe, expect, it } from 'vitest';
import { neutraliseCell, toCsv } from './export.csv.js';

describe('CSV export cells', () => {
  it('neutralises what a spreadsheet would run as a formula', () => {
    for (const value of ['=SUM(A1)', '+49 30', '-1', '@cmd', '\tx', '\rx'])
      expect(neutraliseCell(value)).toBe(`'${value}`);
    expect(neutraliseCell('Müller')).toBe('Müller');
  });

  it('quotes every cell, doubles quotes and writes a BOM, semicolons and CRLF', () => {
    const csv = toCsv(
      ['a', 'b'],
      [
        ['x;"y"', null],
        [1, '=1+1'],
      ],
    ).toString('utf8');
    expect(csv).toBe('\ufeff"a";"b"\r\n"x;""y""";""\r\n"1";"\'=1+1"\r\n');
  });
});
