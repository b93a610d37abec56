-- Issue 34 item 4: a record's conclusion is stored as an id and worded when read, in the reader's
-- language (packages/contract/src/conclusion.ts; docs/records.md "Conclusion"). Before, it held the
-- words of the capture language. Each saved text is turned back into its id where the record's own
-- synthesis says which id it was worded from (its leading pattern, else its constitution); text
-- that matches neither is kept as it is (the list shows it as saved). Nothing the display counts
-- changes, so its trigger is off for the update.
ALTER TABLE diagnosis_record DISABLE TRIGGER display_daily_sync;
--> statement-breakpoint
UPDATE diagnosis_record r SET conclusion = 'pattern:' || (x.top->>'id')
  FROM (SELECT id, results #> '{synthesis,result,patterns,0}' AS top FROM diagnosis_record
         WHERE conclusion IS NOT NULL AND conclusion NOT LIKE 'pattern:%' AND conclusion NOT LIKE 'constitution:%') x
 WHERE x.id = r.id AND jsonb_typeof(x.top) = 'object'
   AND r.conclusion IN (x.top #>> '{name,zh}', x.top #>> '{name,en}')
   -- The pattern ids the contract words (SYNTHESIS_PATTERN_IDS; conclusion.test.ts checks the list).
   AND x.top->>'id' IN ('qi_deficiency', 'yang_deficiency', 'yin_deficiency', 'blood_deficiency',
     'qi_blood_deficiency', 'phlegm_dampness', 'damp_heat', 'blood_stasis', 'qi_stagnation', 'liver_fire',
     'liver_yang_rising', 'spleen_deficiency_dampness', 'excess_heat', 'cold_dampness');
--> statement-breakpoint
UPDATE diagnosis_record r SET conclusion = x.id_text
  FROM (SELECT id, s, 'constitution:' || (s->>'balanced') || ':'
               || coalesce((SELECT string_agg(c, '' ORDER BY o) FROM jsonb_array_elements_text(s->'types') WITH ORDINALITY t(c, o)), '')
               || ':'
               || coalesce((SELECT string_agg(c, '' ORDER BY o) FROM jsonb_array_elements_text(s->'tendencies') WITH ORDINALITY t(c, o)), '')
               AS id_text
          FROM (SELECT id, results #> '{synthesis,result,constitution,summary}' AS s FROM diagnosis_record
                 WHERE conclusion IS NOT NULL AND conclusion NOT LIKE 'pattern:%' AND conclusion NOT LIKE 'constitution:%') y
         WHERE jsonb_typeof(s) = 'object' AND jsonb_typeof(s->'types') = 'array' AND jsonb_typeof(s->'tendencies') = 'array') x
 WHERE x.id = r.id
   -- The worker kept the first 200 characters of the summary.
   AND r.conclusion IN (left(x.s #>> '{text,zh}', 200), left(x.s #>> '{text,en}', 200))
   AND x.id_text ~ '^constitution:(yes|basically_yes|tendency|no):[A-I]*:[A-I]*$';
--> statement-breakpoint
ALTER TABLE diagnosis_record ENABLE TRIGGER display_daily_sync;
