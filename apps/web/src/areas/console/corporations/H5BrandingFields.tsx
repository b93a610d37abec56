import { Button, Divider, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { H5_LOGO_MAX_BYTES, corporationH5Schema, readerLang } from '@tcm/contract';
import { schemaRule, textProps } from '../../../lib/form-rules.js';

const H5 = corporationH5Schema.shape;
import { asyncHandler } from '../../../lib/async-handler.js';

/** Reads a chosen logo as a data URL (the server checks its type, bytes and size again). */
const asDataUrl = (f: File) =>
  new Promise<string>((ok, fail) => {
    const r = new FileReader();
    // readAsDataURL leaves a string in `result`.
    r.onload = () => ok(r.result as string);
    r.onerror = () => fail(r.error ?? new Error('read'));
    r.readAsDataURL(f);
  });

/** A logo picker bound to a form field holding a data URL (or null). */
function LogoInput({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <Space>
      {value && <img src={value} alt="" style={{ height: 36, maxWidth: 96, objectFit: 'contain' }} />}
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp"
        data-testid="corporation-h5-logo"
        onChange={asyncHandler(async (e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f && f.size <= H5_LOGO_MAX_BYTES) onChange?.(await asDataUrl(f));
        })}
      />
      {value && (
        <Button size="small" onClick={() => onChange?.(null)}>
          {t('corporations.h5.removeLogo')}
        </Button>
      )}
    </Space>
  );
}

/** The H5 capture page's branding and return-URL allow-list (issue 25 item 3), in the edit dialog. */
export function H5BrandingFields() {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  const rules = (f: keyof typeof H5) => [schemaRule(H5[f], lang, f)];
  return (
    <>
      <Divider plain>{t('corporations.h5.title')}</Divider>
      <Typography.Paragraph type="secondary">{t('corporations.h5.hint')}</Typography.Paragraph>
      <Form.Item name={['h5', 'brandName']} label={t('corporations.h5.brandName')} rules={rules('brandName')}>
        <Input {...textProps(H5.brandName)} data-testid="corporation-h5-name" />
      </Form.Item>
      <Form.Item name={['h5', 'colour']} label={t('corporations.h5.colour')} rules={rules('colour')}>
        <Input type="color" style={{ width: 80 }} data-testid="corporation-h5-color" />
      </Form.Item>
      <Form.Item name={['h5', 'logo']} label={t('corporations.h5.logo')} extra={t('corporations.h5.logoHint')}>
        <LogoInput />
      </Form.Item>
      <Form.Item
        name={['h5', 'returnOrigins']}
        label={t('corporations.h5.returnOrigins')}
        extra={t('corporations.h5.returnOriginsHint')}
        rules={rules('returnOrigins')}
      >
        <Select mode="tags" open={false} tokenSeparators={[',', ' ']} data-testid="corporation-h5-origins" />
      </Form.Item>
    </>
  );
}
