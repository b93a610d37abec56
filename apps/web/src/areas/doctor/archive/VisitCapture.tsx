import './texts.js';
import { useState } from 'react';
import { Button, Modal, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaseDetail, VisitDetail } from '@tcm/contract';
import { CaptureWizard } from '../../../record/CaptureWizard.js';
import { useLinkRecord } from './archive-api.js';

/**
 * The doctor's four-diagnosis capture from a visit (issue 33 item 2): the members' wizard in a
 * dialog, pre-filled with the patient. The record is created through the records API, so it is
 * the doctor's; it is then linked to this visit (`linkRecord`) and the case page shows it there,
 * following its analysis until it is done.
 */
export function VisitCapture({ c, v }: { c: CaseDetail; v: VisitDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const link = useLinkRecord();
  const person = { name: c.name, sex: c.sex, age: c.age };
  return (
    <>
      <Button size="small" type="primary" ghost data-testid={`visit-capture-${v.number}`} onClick={() => setOpen(true)}>
        {t('archive.capture.button')}
      </Button>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
        // Desktop and tablet: the wizard's eight steps fit in one row from 768 px.
        width="min(1100px, calc(100vw - 32px))"
        title={t('archive.capture.title', { name: c.name })}
      >
        <Typography.Paragraph type="secondary">{t('archive.capture.hint')}</Typography.Paragraph>
        <CaptureWizard
          owner="doctor"
          person={person}
          onCreated={(recordId) =>
            link.mutate(
              { visitId: v.id, recordId },
              {
                onSuccess: () => {
                  setOpen(false);
                  void message.success(t('archive.capture.linked'));
                },
              },
            )
          }
        />
      </Modal>
    </>
  );
}
