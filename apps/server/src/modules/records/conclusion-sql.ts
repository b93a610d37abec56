import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { constitutionCodeSchema, constitutionWord, PATTERN_WORDS, type WordLang } from '@tcm/contract';

/**
 * The words a reader sees for a stored conclusion (an id since issue 34 item 4), as SQL, so the
 * search box and the combined query's `conclusion` field match what the list shows in the
 * reader's language, not the id. Built from the contract's words on each call (no words are kept
 * in the database, so rewording needs no migration). A pattern id reads as its name; a
 * constitution id as the names of the types it holds (the summary sentence around them is left
 * out: searching "气虚质" finds "是气虚质，有阳虚质倾向"); other text (saved before the ids) as it is.
 * Like the columns it replaces, it is matched without an index (contains-matches never use one).
 */
export function conclusionWordsSql(column: AnyPgColumn, lang: WordLang): SQL {
  const patterns = Object.entries(PATTERN_WORDS).map(([id, w]) => sql`when ${`pattern:${id}`} then ${w[lang]}`);
  // Type letters are the only capitals of a constitution id (`constitution:no:BC:D`).
  const types = constitutionCodeSchema.options
    .filter((c) => c !== 'A')
    .map((c) => sql`case when strpos(${column}, ${c}) > 0 then ${constitutionWord(c, lang)} end`);
  const balanced = sql`case when ${column} like 'constitution:yes:%' or ${column} like 'constitution:basically_yes:%' then ${constitutionWord('A', lang)} end`;
  return sql`(case when ${column} like 'pattern:%' then (case ${column} ${sql.join(patterns, sql` `)} else ${column} end) when ${column} like 'constitution:%' then concat_ws(' ', ${balanced}, ${sql.join(types, sql`, `)}) else ${column} end)`;
}
