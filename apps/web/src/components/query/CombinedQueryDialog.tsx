import { useState } from 'react';
import { DatePicker, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NUMERIC_FIELD_TYPES, type CombinedQuery, type QueryConnector } from '@tcm/contract';
import {
  emptyQueryForm,
  normalizeQuery,
  operatorsFor,
  type QueryField,
  type QueryForm,
  type QueryRow,
} from './normalize.js';
import { SEARCH_MAX } from '../../lib/form-rules.js';

/** Dialog width of spec §9, px. */
export const QUERY_DIALOG_WIDTH = 1200;

/** Combined-query dialog (spec §2, §5): 2 groups × 5 rows, joined by and/or. */
export function CombinedQueryDialog(props: {
  open: boolean;
  fields: readonly QueryField[];
  onClose: () => void;
  onSubmit: (q: CombinedQuery | null) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<QueryForm>(emptyQueryForm);
  const connectors = (['and', 'or'] as const).map((c) => ({ value: c, label: t(`query.${c}`) }));
  const setRow = (g: number, r: number, patch: Partial<QueryRow>) =>
    setForm((f) => ({
      ...f,
      groups: f.groups.map((rows, gi) =>
        gi !== g ? rows : rows.map((row, ri) => (ri === r ? { ...row, ...patch } : row)),
      ),
    }));

  const valueInput = (g: number, r: number, row: QueryRow) => {
    const type = props.fields.find((f) => f.name === row.field)?.type;
    if (type && NUMERIC_FIELD_TYPES.includes(type))
      return (
        <InputNumber
          style={{ width: 220 }}
          value={row.value as number | null}
          onChange={(v) => setRow(g, r, { value: v })}
        />
      );
    if (type === 'date')
      return (
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          style={{ width: 220 }}
          onChange={(d) => setRow(g, r, { value: d ? d.toDate() : null })}
        />
      );
    return (
      <Input
        style={{ width: 220 }}
        maxLength={SEARCH_MAX}
        value={(row.value as string | undefined) ?? ''}
        onChange={(e) => setRow(g, r, { value: e.target.value })}
      />
    );
  };

  return (
    <Modal
      open={props.open}
      width={QUERY_DIALOG_WIDTH}
      title={t('query.title')}
      onCancel={props.onClose}
      onOk={() => props.onSubmit(normalizeQuery(form, props.fields))}
      okText={t('app.search')}
      cancelText={t('app.cancel')}
    >
      {form.groups.map((rows, g) => (
        <div key={g} style={{ marginBottom: 16 }}>
          {g > 0 && (
            <Space style={{ marginBottom: 8 }}>
              <Typography.Text>{t('query.join')}</Typography.Text>
              <Select<QueryConnector>
                value={form.join}
                options={connectors}
                onChange={(v) => setForm((f) => ({ ...f, join: v }))}
              />
            </Space>
          )}
          <Typography.Title level={5}>{t('query.group', { n: g + 1 })}</Typography.Title>
          {rows.map((row, r) => {
            const type = props.fields.find((f) => f.name === row.field)?.type;
            return (
              <Space key={r} style={{ display: 'flex', marginBottom: 6 }}>
                <Select<QueryConnector>
                  style={{ width: 90, visibility: r === 0 ? 'hidden' : 'visible' }}
                  value={row.connector}
                  options={connectors}
                  onChange={(v) => setRow(g, r, { connector: v })}
                />
                <Select
                  allowClear
                  style={{ width: 200 }}
                  placeholder={t('query.field')}
                  value={row.field ?? undefined}
                  options={props.fields.map((f) => ({ value: f.name, label: t(f.label) }))}
                  onChange={(v) => setRow(g, r, { field: v ?? null, operator: null, value: undefined })}
                />
                <Select
                  allowClear
                  style={{ width: 160 }}
                  placeholder={t('query.operator')}
                  value={row.operator ?? undefined}
                  options={(type ? operatorsFor(type) : []).map((o) => ({ value: o, label: t(`query.${o}`) }))}
                  onChange={(v) => setRow(g, r, { operator: v ?? null })}
                />
                {valueInput(g, r, row)}
              </Space>
            );
          })}
        </div>
      ))}
    </Modal>
  );
}
