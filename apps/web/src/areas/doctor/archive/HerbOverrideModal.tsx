import './texts.js';
import { useEffect, useState } from 'react';
import { Button, InputNumber, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HerbEntry } from '@tcm/contract/herbs';
import { useHerbOverride } from './archive-api.js';
import { asyncHandler } from '../../../lib/async-handler.js';

type Pregnancy = 'forbidden' | 'caution' | 'none';

/** A doctor's own dose range and pregnancy rule for one herb (docs/archive.md); theirs only. */
export function HerbOverrideModal({ herb, onClose }: { herb: HerbEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const override = useHerbOverride();
  const [min, setMin] = useState(0);
  const [max, setMax] = useState(0);
  const [pregnancy, setPregnancy] = useState<Pregnancy>('none');
  // The fields start from the herb the modal opens for (a prop, not a fetch).
  useEffect(() => {
    if (!herb) return;
    setMin(herb.doseMin);
    setMax(herb.doseMax);
    setPregnancy(herb.pregnancy ?? 'none');
  }, [herb]);
  return (
    <Modal
      open={!!herb}
      title={herb ? t('archive.prescriptions.editTitle', { name: herb.name }) : ''}
      onCancel={onClose}
      onOk={asyncHandler(async () => {
        if (!herb) return;
        await override.mutateAsync({ name: herb.name, doseMin: min, doseMax: max, pregnancy });
        onClose();
      })}
      okButtonProps={{ disabled: !(min > 0 && min <= max) }}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {herb?.overridden && (
            <Button
              onClick={asyncHandler(async () => {
                await override.mutateAsync({ remove: herb.name });
                onClose();
              })}
            >
              {t('archive.prescriptions.reset')}
            </Button>
          )}
          <CancelBtn />
          <OkBtn />
        </>
      )}
      destroyOnHidden
    >
      <Space wrap>
        {t('archive.prescriptions.doseRange')}
        <InputNumber min={0.1} max={500} value={min} onChange={(v) => v !== null && setMin(v)} />–
        <InputNumber min={0.1} max={500} value={max} onChange={(v) => v !== null && setMax(v)} />
        {herb?.unit}
        {t('archive.prescriptions.pregnancy')}
        <Select<Pregnancy>
          value={pregnancy}
          style={{ width: 110 }}
          onChange={setPregnancy}
          options={(['forbidden', 'caution', 'none'] as const).map((p) => ({
            value: p,
            label: t(`archive.prescriptions.${p}`),
          }))}
        />
      </Space>
    </Modal>
  );
}
