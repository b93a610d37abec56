import { fireEvent } from '@testing-library/react';

/**
 * Types a day into a `DayInput` (antd's date picker) as a person does: the picker keeps typed text
 * as a draft and takes it as the value on Enter (or on leaving the field).
 */
export function typeDay(input: HTMLElement, day: string): void {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: day } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}
