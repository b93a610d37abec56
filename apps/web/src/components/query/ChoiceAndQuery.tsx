import { ChoiceFilter } from './ChoiceFilter.js';
import type { QueryField } from './normalize.js';
import { SearchAndQuery, type ListFilter } from './SearchAndQuery.js';

/** A list's filter of one choice (entrance, approval state) plus its search term or combined query. */
export type ChoiceQuery<V extends string> = ListFilter & { choice?: V };

/**
 * The choice select beside the search box and the combined-query button: a new search keeps the
 * choice, a new choice keeps the search.
 */
export function ChoiceAndQuery<V extends string>(props: {
  filter: ChoiceQuery<V>;
  setFilter: (f: ChoiceQuery<V>) => void;
  values: readonly V[];
  word: (v: V) => string;
  placeholder: string;
  testId: string;
  fields: QueryField[];
}) {
  const { filter, setFilter } = props;
  return (
    <>
      <ChoiceFilter
        value={filter.choice}
        values={props.values}
        word={props.word}
        placeholder={props.placeholder}
        onChange={(choice) => setFilter({ ...filter, choice })}
        testId={props.testId}
      />
      <SearchAndQuery fields={props.fields} onFilter={(f) => setFilter({ choice: filter.choice, ...f })} />
    </>
  );
}
