import './texts.js';
import { useEffect, useState } from 'react';
import { Alert, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { acknowledgementBody, type SafetyWarning } from '@tcm/contract';
import { textProps } from '../../../lib/form-rules.js';

/**
 * The reason dialog of a refused save (issue 32): the server answered 409 with the warnings that
 * need the doctor's written reason (十八反, 十九畏, 孕妇禁用, a toxic herb above its range); the doctor
 * either gives the reason, which is stored with their name and the time and printed on the PDFs,
 * or goes back to change the prescription. `refused` lists doses no reason can pass: then the dialog
 * only explains.
 */
export function AcknowledgeDialog(props: {
  warnings: SafetyWarning[] | null;
  refused: boolean;
  saving: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [reason, setReason] = useState('');
  const open = props.warnings !== null;
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  const text = (w: SafetyWarning) => (i18n.language === 'en' ? w.en : w.zh);
  return (
    <Modal
      open={open}
      title={t(props.refused ? 'archive.rx.ack.refusedTitle' : 'archive.rx.ack.title')}
      okText={t(props.refused ? 'archive.rx.ack.change' : 'archive.rx.ack.save')}
      cancelText={t('archive.rx.ack.change')}
      okButtonProps={{ disabled: !props.refused && !reason.trim(), 'data-testid': 'ack-save' }}
      cancelButtonProps={{ style: props.refused ? { display: 'none' } : undefined }}
      confirmLoading={props.saving}
      onOk={() => (props.refused ? props.onClose() : props.onSubmit(reason.trim()))}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <div data-testid="ack-dialog">
        <Alert
          type={props.refused ? 'error' : 'warning'}
          showIcon
          title={t(props.refused ? 'archive.rx.ack.refusedLead' : 'archive.rx.ack.lead')}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="ack-warnings">
              {(props.warnings ?? []).map((w) => (
                <li key={`${w.code}:${w.herbs.join('+')}`} data-code={w.code}>
                  {text(w)}
                </li>
              ))}
            </ul>
          }
        />
        {!props.refused && (
          <>
            <Typography.Paragraph style={{ marginTop: 12, marginBottom: 4 }}>
              {t('archive.rx.ack.reason')}
            </Typography.Paragraph>
            <Input.TextArea
              rows={3}
              {...textProps(acknowledgementBody.shape.reason)}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder={t('archive.rx.ack.placeholder')}
              data-testid="ack-reason"
            />
            <Typography.Text type="secondary">{t('archive.rx.ack.recorded')}</Typography.Text>
          </>
        )}
      </div>
    </Modal>
  );
}
