import { Grid, Progress, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { STEPS, type Step } from './wizard-machine.js';

/**
 * Where the person is in the wizard. On a desktop or tablet one row of the eight steps; on a
 * phone (below antd's `md`) antd's Steps turns vertical and repeated the eight-step list above
 * every step (issue 34), so there it is one line, "Step 4 of 8 · Pulse", over a segmented bar.
 */
export function WizardStepper(props: { step: Step; failed: readonly Step[]; skipped: readonly Step[] }) {
  const { t } = useTranslation();
  const narrow = Grid.useBreakpoint().md === false;
  const current = STEPS.indexOf(props.step);
  if (narrow)
    return (
      <div style={{ marginBottom: 16 }} data-testid="wizard-stepper" data-compact="true">
        <Typography.Text strong>
          {t('record.wizard.stepOf', {
            n: current + 1,
            total: STEPS.length,
            name: t(`record.wizard.step.${props.step}`),
          })}
        </Typography.Text>
        <Progress
          steps={STEPS.length}
          percent={Math.round(((current + 1) / STEPS.length) * 100)}
          showInfo={false}
          size={{ width: 24, height: 6 }}
          aria-hidden
        />
      </div>
    );
  return (
    <Steps
      data-testid="wizard-stepper"
      size="small"
      responsive={false}
      current={current}
      items={STEPS.map((k) => ({
        title: t(`record.wizard.step.${k}`),
        // A refused capture marks its step, wherever the person is now; a skipped one says so.
        ...(props.failed.includes(k) ? { status: 'error' as const } : {}),
        ...(props.skipped.includes(k) ? { content: t('record.wizard.skippedMark') } : {}),
      }))}
      style={{ marginBottom: 24 }}
    />
  );
}
