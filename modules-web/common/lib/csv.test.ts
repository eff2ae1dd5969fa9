import { describe, expect, it } from 'vitest';

import { toCsv, unguardCell } from './csv';

/** The lines of a CSV text, without the BOM and the final line end. */
const lines = (csv: string) => csv.slice(1).split('\r\n').slice(0, -1);

describe('toCsv', () => {
  it('starts with a BOM and ends every line, the last too, with CRLF', () => {
    const csv = toCsv(['a', 'b'], [[1, 2]]);
    expect(csv).toBe('\uFEFFa,b\r\n1,2\r\n');
  });

  it('writes a header alone when there are no rows', () => {
    expect(toCsv(['name'], [])).toBe('\uFEFFname\r\n');
  });

  it('quotes cells with commas, quotes or line breaks, doubling the quotes', () => {
    expect(lines(toCsv(['x'], [['a,b'], ['say "hi"'], ['two\nlines'], ['plain']]))).toEqual([
      'x',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      'plain',
    ]);
  });

  it('leaves missing values and numbers that are not finite empty', () => {
    expect(lines(toCsv(['a', 'b', 'c', 'd'], [[null, undefined, Number.NaN, 0]]))[1]).toBe(',,,0');
  });

  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    const row = lines(toCsv(['x'], [['=SUM(A1)'], ['+1'], ['-2'], ['@cmd'], ['\tx'], [-3]])).slice(1);
    expect(row).toEqual(["'=SUM(A1)", "'+1", "'-2", "'@cmd", "'\tx", '-3']);
  });

  it('quotes a defused cell that needs quoting too', () => {
    expect(lines(toCsv(['x'], [['=1,2']]))[1]).toBe(`"'=1,2"`);
  });
});

describe('unguardCell', () => {
  it('undoes the formula guard, so an exported value imports as it was, and keeps other apostrophes', () => {
    const read = { "'=SUM(A1)": '=SUM(A1)', "'-2": '-2', "'@cmd": '@cmd', "'quoted'": "'quoted'", "O'Hara": "O'Hara" };
    for (const [written, value] of Object.entries(read)) expect(unguardCell(written)).toBe(value);
  });
});
