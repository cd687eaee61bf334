/** A cell a spreadsheet would run as a formula (= + - @, or a tab or carriage return first) gets a leading quote. */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

type Cell = string | number | boolean | null | undefined;

/**
 * CSV as German spreadsheets open it: UTF-8 with a byte-order mark, semicolons, CRLF, every cell quoted and
 * formula-safe (security.md: exports).
 */
export function toCsv(header: string[], rows: Cell[][]): Buffer {
  const line = (cells: Cell[]) =>
    cells
      .map((cell) => {
        const text = cell === null || cell === undefined ? '' : neutraliseCell(String(cell));
        return `"${text.replace(/"/g, '""')}"`;
      })
      .join(';');
  return Buffer.from(`\ufeff${[line(header), ...rows.map(line)].join('\r\n')}\r\n`, 'utf8');
}
