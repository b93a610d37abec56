import './texts.js';
import { Col, Form, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  VITALS_PLAUSIBLE,
  checkVitals,
  vitalsProblems as contractProblems,
  type Vitals,
  type VitalsField,
} from '@tcm/contract';

/** Fields in the order of the report (spec §1), with their units. */
export const VITALS_FIELDS: readonly { field: VitalsField; unit: string; step: number }[] = [
  { field: 'heightCm', unit: 'cm', step: 1 },
  { field: 'weightKg', unit: 'kg', step: 0.1 },
  { field: 'systolic', unit: 'mmHg', step: 1 },
  { field: 'diastolic', unit: 'mmHg', step: 1 },
  { field: 'pulseRate', unit: 'bpm', step: 1 },
  { field: 'heartRate', unit: 'bpm', step: 1 },
  { field: 'spo2', unit: '%', step: 1 },
  { field: 'glucose', unit: 'mmol/L', step: 0.1 },
  { field: 'tg', unit: 'mmol/L', step: 0.01 },
  { field: 'tc', unit: 'mmol/L', step: 0.01 },
  { field: 'hdl', unit: 'mmol/L', step: 0.01 },
  { field: 'ldl', unit: 'mmol/L', step: 0.01 },
  { field: 'uricAcid', unit: 'µmol/L', step: 1 },
];

export interface VitalsProblem {
  code: number;
  field: string | null;
}

/**
 * The contract's check of the vitals request (plausible ranges, systolic above diastolic,
 * HDL/LDL below total cholesterol), the one the server and its vitals engine make, run before
 * submitting. Null when the values pass.
 */
export function vitalsProblem(v: Vitals): VitalsProblem | null {
  const r = checkVitals(v);
  return r.ok ? null : { code: r.problem.error.code, field: r.problem.field };
}

/**
 * Every field with a problem, each named once (issue 32: heart rate 400, SpO2 120 and a systolic
 * below the diastolic are all marked at once, not only the first).
 */
export function vitalsProblems(v: Vitals): VitalsProblem[] {
  return contractProblems(v).map((p) => ({ code: p.error.code, field: p.field }));
}

/** Vitals entry: every field optional; every value outside the contract's plausible range is refused with the range named. */
export function VitalsForm(props: {
  value: Vitals;
  onChange: (v: Vitals) => void;
  problems: readonly VitalsProblem[];
}) {
  const { t } = useTranslation();
  return (
    <Form layout="vertical" data-testid="vitals-form">
      <Row gutter={16}>
        {VITALS_FIELDS.map(({ field, unit, step }) => {
          const [min, max] = VITALS_PLAUSIBLE[field];
          const bad = props.problems.find((p) => p.field === field);
          return (
            <Col key={field} xs={24} sm={12} md={8}>
              <Form.Item
                label={`${t(`record.vitals.${field}`)} (${unit})`}
                validateStatus={bad ? 'error' : undefined}
                help={
                  bad
                    ? t(`record.vitalsError.${bad.code}`, {
                        min,
                        max,
                        defaultValue: t('record.vitalsInvalid'),
                      })
                    : t('record.range', { min, max })
                }
              >
                {/* No min/max on the input: it would clamp 400 to 300 without a word (issue 17);
                    the value stays as typed and the range check names the range instead. */}
                <InputNumber
                  style={{ width: '100%' }}
                  step={step}
                  value={props.value[field] ?? null}
                  data-testid={`vitals-${field}`}
                  onChange={(n) => {
                    const next = { ...props.value };
                    if (typeof n === 'number' && Number.isFinite(n)) next[field] = n;
                    else delete next[field];
                    props.onChange(next);
                  }}
                />
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      <Typography.Text type="secondary">{t('record.vitalsOptional')}</Typography.Text>
    </Form>
  );
}
