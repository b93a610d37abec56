import { describe, expect, it } from 'vitest';
import { neutraliseCell, neutraliseRow } from './spreadsheet-cell.js';

/** Issue 35 item 6 (OWASP CSV injection): formula-looking text is neutralised, numbers are not. */
describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+1+cmd|/C calc!A0', `'+1+cmd|/C calc!A0`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
    ['\t=1', `'\t=1`],
    ['\r=1', `'\r=1`],
    ['-', `'-`],
    ['- note', `'- note`],
  ])('prefixes %j', (input, out) => {
    expect(neutraliseCell(input)).toBe(out);
  });

  it.each(['plain', '张三', '13812345678', '-3.5', '+12', '-.5', '1e-3', '', 'a=b'])('leaves %j', (input) => {
    expect(neutraliseCell(input)).toBe(input);
  });

  it('never touches numbers, nulls, dates or booleans', () => {
    const d = new Date(0);
    expect([neutraliseCell(-3.5), neutraliseCell(null), neutraliseCell(d), neutraliseCell(true)]).toEqual([
      -3.5,
      null,
      d,
      true,
    ]);
  });

  it('neutralises arrays and objects of cells alike', () => {
    expect(neutraliseRow(['=1', -2, '-2'])).toEqual(["'=1", -2, '-2']);
    expect(neutraliseRow({ a: '@x', b: 4 })).toEqual({ a: "'@x", b: 4 });
  });
});
