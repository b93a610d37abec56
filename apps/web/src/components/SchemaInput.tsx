import type { ReactNode } from 'react';
import { Form, Input, type InputProps } from 'antd';
import type { SchemaField } from '../lib/form-rules.js';

/**
 * One text field of a form checked by its request's schema (issue 32 item 2): `field` is
 * `useSchemaRules(shape).field(name)`, the item's name and the schema's rule and the input held to
 * the schema's maximum length; `password` hides what is typed. The other props (test id, autocomplete, placeholder) go to the input.
 */
export function SchemaInput({
  field,
  label,
  required,
  extra,
  password,
  ...input
}: Omit<InputProps, 'name'> & {
  field: SchemaField;
  label: ReactNode;
  required?: boolean;
  extra?: ReactNode;
  password?: boolean;
}) {
  const Field = password ? Input.Password : Input;
  return (
    <Form.Item name={field.name} label={label} required={required} extra={extra} rules={field.rules}>
      <Field {...field.input} {...input} />
    </Form.Item>
  );
}
