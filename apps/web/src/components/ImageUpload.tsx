import { Button, Modal, Upload, message, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { getSession } from '../lib/session.js';
import {
  imageTypeAllowed,
  limitProblem,
  MULTI_IMAGE_BOX_WIDTH,
  SINGLE_IMAGE_BOX,
  uploadedFileOf,
} from './upload-rules.js';

/** Image upload (spec §5, §7): type check, multi-file limit warning, confirm before removing. */
export function ImageUpload(props: {
  action: string;
  files: UploadFile[];
  onChange: (files: UploadFile[]) => void;
  limit?: number;
  types?: readonly string[];
}) {
  const { t } = useTranslation();
  const limit = props.limit ?? 1;
  const multi = limit > 1;
  const token = getSession().token;
  return (
    <div
      style={
        multi ? { width: MULTI_IMAGE_BOX_WIDTH } : { width: SINGLE_IMAGE_BOX.width, minHeight: SINGLE_IMAGE_BOX.height }
      }
    >
      <Upload
        action={props.action}
        headers={token ? { Authorization: `Bearer ${token}` } : {}}
        listType="picture"
        multiple={multi}
        fileList={props.files}
        beforeUpload={(file, batch) => {
          if (!imageTypeAllowed(file, props.types)) {
            void message.error(t('upload.badType'));
            return Upload.LIST_IGNORE;
          }
          const over = limitProblem(limit, props.files.length, batch.length);
          if (over) {
            if (file === batch[0]) void message.warning(t('upload.limit', over));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        onRemove={() =>
          new Promise<boolean>((resolve) =>
            Modal.confirm({
              title: t('app.hint'),
              content: t('upload.confirmRemove'),
              onOk: () => resolve(true),
              onCancel: () => resolve(false),
            }),
          )
        }
        onChange={({ fileList }) =>
          props.onChange(
            fileList.map((f) => {
              if (f.status !== 'done') return f;
              const up = uploadedFileOf(f.response);
              if (!up) {
                void message.error(t('editor.uploadFailed'));
                return { ...f, status: 'error' as const };
              }
              return { ...f, uid: up.uuid, name: up.name, url: up.url };
            }),
          )
        }
      >
        <Button>{t('upload.choose')}</Button>
      </Upload>
    </div>
  );
}
