import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('../../../../../shared/data/pulse/bidmc01.csv', import.meta.url));

/**
 * A real PPG recording (BIDMC, 125 Hz) repeated to `bytes` (the 10 MB upload limit in the
 * load tests), with a continuous time column so it reads as one long recording.
 */
export function bigPulseCsv(bytes: number): Uint8Array {
  const [header, ...rows] = readFileSync(SOURCE, 'utf8').split('\n').filter(Boolean);
  const values = rows.map((r) => r.slice(r.indexOf(',')));
  const lines = [header];
  let size = header!.length + 1;
  for (let i = 0; ; i++) {
    const line = (i / 125).toFixed(3) + values[i % values.length];
    if (size + line.length + 1 > bytes) break;
    lines.push(line);
    size += line.length + 1;
  }
  return new TextEncoder().encode(lines.join('\n') + '\n');
}
