import type { ReactNode } from 'react';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JobParamsInput, Pool } from '@tcm/contract';
import { useReaderFormat } from '../../../lib/reader-format.js';
import type { useAnalysis } from './use-analysis.js';

/**
 * The analysis screens' choice of several of a pool's variables, searched by their label in the
 * reader's language (all variables: "research.variables", 360 px, unless a screen says).
 */
export function VariablesSelect(props: {
  variables: Pool['variables'];
  value: string[];
  onChange: (keys: string[]) => void;
  placeholder?: string;
  width?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { lang } = useReaderFormat();
  return (
    <Select<string[]>
      mode="multiple"
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      style={{ minWidth: props.width ?? 360 }}
      placeholder={props.placeholder ?? t('research.variables')}
      value={props.value}
      onChange={props.onChange}
      options={props.variables.map((v) => ({ value: v.key, label: v.label[lang] }))}
      data-testid={props.testId}
    />
  );
}

/** The button that starts the screen's analysis with `params` (it spins while the job is sent). */
export function StartButton(props: {
  a: ReturnType<typeof useAnalysis>;
  params: () => JobParamsInput;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Button
      type="primary"
      data-testid="start"
      loading={props.a.starting}
      disabled={props.disabled}
      onClick={() => void props.a.start(props.params())}
    >
      {props.children ?? t('research.start')}
    </Button>
  );
}
