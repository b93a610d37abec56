import { Select } from 'antd';

/**
 * The choice filter of a list page (entrance, approval state, enquiry status): one value or
 * none (cleared = all), each worded by `word`.
 */
export function ChoiceFilter<V extends string>(props: {
  value: V | undefined;
  values: readonly V[];
  word: (v: V) => string;
  placeholder: string;
  onChange: (v: V | undefined) => void;
  width?: number;
  testId?: string;
}) {
  return (
    <Select<V>
      allowClear
      style={{ width: props.width ?? 160 }}
      value={props.value}
      placeholder={props.placeholder}
      onChange={(v?: V) => props.onChange(v)}
      options={props.values.map((v) => ({ value: v, label: props.word(v) }))}
      data-testid={props.testId}
    />
  );
}
