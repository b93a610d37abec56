import { describe, expect, it } from 'vitest';
import { toCsv } from './ExportButtons.js';

/** Issue 35 item 6: the browser-built CSV neutralises formula-looking cells; numbers stay numbers. */
describe('toCsv formula neutralisation', () => {
  it('prefixes =, +, -, @, tab and CR text, keeps numbers and plain negative numbers', () => {
    expect(
      toCsv(
        ['=cmd', 'b'],
        [
          ['@SUM(A1)', -3.5],
          ['-2+3', '-4'],
          ['+1', '\t=1'],
        ],
      ),
    ).toBe("\uFEFF'=cmd,b\r\n'@SUM(A1),-3.5\r\n'-2+3,-4\r\n+1,'\t=1\r\n");
  });
});
