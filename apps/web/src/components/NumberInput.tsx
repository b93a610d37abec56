import { useState } from 'react';
import { Input } from 'antd';
import { normalizeNumber, type NumberRule } from '../lib/number-input.js';

/** Number input of spec §5: clamps to min/max, optional fixed decimals, non-numbers rejected on blur. */
export function NumberInput(
  props: NumberRule & { value: number | null; onChange: (v: number | null) => void; testId?: string },
) {
  const [text, setText] = useState(props.value === null ? '' : String(props.value));
  return (
    <Input
      inputMode="decimal"
      data-testid={props.testId}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => {
        const n = normalizeNumber(text, props);
        setText(n === null ? '' : props.decimals !== undefined ? n.toFixed(props.decimals) : String(n));
        props.onChange(n);
      }}
    />
  );
}
