import './texts.js';
import { useMemo, useState } from 'react';
import { Button, Card, Checkbox, Input, Table, Tabs, Tag, Typography, message, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PrescriptionInput } from '@tcm/contract';
import {
  FORMULA_SOURCES,
  FORMULAS,
  HERB_SOURCES,
  HERBS,
  searchByKey,
  type FormulaEntry,
  type HerbEntry,
} from '@tcm/contract/herbs';
import { useFormulaChange } from './archive-api.js';
import { HerbOverrideModal } from './HerbOverrideModal.js';
import { PrescriptionComposer, useLibrary } from './PrescriptionComposer.js';
import { PrescriptionList } from './PrescriptionList.js';

/** Filters a list by the composer's key search, or returns it whole for an empty term. */
function useFiltered<T extends { name: string; pinyin: string; initials: string }>(items: readonly T[], q: string) {
  return useMemo(() => (q.trim() ? searchByKey(items, q, items.length) : [...items]), [items, q]);
}

const PAGINATION = { pageSize: 100, pageSizeOptions: ['100', '200', '500', '1000'] };

/** A searchable library table with its sources in the footer. */
function LibraryTable<T extends { id: string }>(props: {
  search: React.ReactNode;
  rows: T[];
  sources: Record<string, string>;
  columns: TableColumnsType<T>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {props.search}
      <Table<T>
        size="small"
        rowKey="id"
        dataSource={props.rows}
        pagination={PAGINATION}
        columns={props.columns}
        footer={() => `${t('archive.prescriptions.source')}: ${Object.values(props.sources).join('; ')}`}
      />
    </>
  );
}

/**
 * /doctor/archive/prescriptions/index: every prescription across cases, a scratch composer with the safety checks, the formula
 * library and the herb dictionary with their sources (prescriptions of visits are written in
 * the visit screen; docs/archive.md).
 */
export function PrescriptionsPage() {
  const { t } = useTranslation();
  const [rx, setRx] = useState<PrescriptionInput | null>(null);
  const [pregnant, setPregnant] = useState(false);
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<HerbEntry | null>(null);
  const formula = useFormulaChange();
  const lib = useLibrary();
  const herbs = useFiltered(lib.herbs, q);
  const formulas = useFiltered(lib.formulas, q);
  const saveFormula = async () => {
    if (!rx?.herbs.length) return;
    await formula.mutateAsync({ name: rx.name || t('archive.prescriptions.mine'), herbs: rx.herbs, usage: rx.usage });
    void message.success(t('archive.prescriptions.saved'));
  };
  const removeFormula = (id: string) => formula.mutateAsync({ remove: id });
  const search = (
    <Input.Search
      allowClear
      placeholder={t('archive.rx.search')}
      onChange={(e) => setQ(e.target.value)}
      style={{ width: 360, marginBottom: 8 }}
    />
  );
  return (
    <div data-testid="prescriptions-page">
      <Typography.Title level={4}>{t('archive.prescriptions.title')}</Typography.Title>
      <Tabs
        items={[
          { key: 'list', label: t('archive.prescriptionList.title'), children: <PrescriptionList /> },
          {
            key: 'composer',
            label: t('archive.prescriptions.composer'),
            children: (
              <Card size="small">
                <Checkbox
                  checked={pregnant}
                  onChange={(e) => setPregnant(e.target.checked)}
                  style={{ marginBottom: 8 }}
                >
                  {t('archive.rx.pregnant')}
                </Checkbox>
                <PrescriptionComposer value={rx} onChange={setRx} pregnant={pregnant} />
                <Button
                  style={{ marginTop: 8 }}
                  disabled={!rx?.herbs.length}
                  loading={formula.isPending && !('remove' in formula.variables)}
                  onClick={() => void saveFormula()}
                  data-testid="save-formula"
                >
                  {t('archive.prescriptions.saveFormula')}
                </Button>
              </Card>
            ),
          },
          {
            key: 'formulas',
            label: `${t('archive.prescriptions.formulas')} (${FORMULAS.length})`,
            children: (
              <LibraryTable<FormulaEntry>
                search={search}
                rows={formulas}
                sources={FORMULA_SOURCES}
                columns={[
                  {
                    title: t('archive.rx.formula'),
                    render: (_: unknown, f) => (
                      <>
                        {f.name} {f.mine && <Tag color="blue">{t('archive.prescriptions.mine')}</Tag>}
                      </>
                    ),
                    width: 180,
                  },
                  { title: t('archive.prescriptions.origin'), dataIndex: 'origin', width: 180 },
                  {
                    title: t('archive.prescriptions.composition'),
                    render: (_: unknown, f) => f.herbs.map((h) => `${h.name}${h.dose}${h.unit}`).join(' '),
                  },
                  { title: t('archive.rx.usage'), dataIndex: 'usage', width: 220 },
                  {
                    title: '',
                    width: 80,
                    render: (_: unknown, f) =>
                      f.mine && (
                        <Button
                          size="small"
                          danger
                          loading={
                            formula.isPending && 'remove' in formula.variables && formula.variables.remove === f.id
                          }
                          onClick={() => void removeFormula(f.id)}
                        >
                          {t('archive.prescriptions.remove')}
                        </Button>
                      ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'herbs',
            label: `${t('archive.prescriptions.herbs')} (${HERBS.length})`,
            children: (
              <LibraryTable<HerbEntry>
                search={search}
                rows={herbs}
                sources={HERB_SOURCES}
                columns={[
                  { title: t('archive.rx.herb'), dataIndex: 'name', width: 120 },
                  { title: 'Pinyin', dataIndex: 'pinyin', width: 140 },
                  {
                    title: t('archive.prescriptions.doseRange'),
                    render: (_: unknown, h) => `${h.doseMin}–${h.doseMax} ${h.unit}`,
                    width: 110,
                  },
                  { title: t('archive.prescriptions.nature'), dataIndex: 'nature', width: 70 },
                  { title: t('archive.prescriptions.flavour'), dataIndex: 'flavour', width: 110 },
                  { title: t('archive.prescriptions.meridians'), dataIndex: 'meridians' },
                  {
                    title: t('archive.prescriptions.pregnancy'),
                    render: (_: unknown, h) =>
                      h.pregnancy ? (
                        <Tag color={h.pregnancy === 'forbidden' ? 'red' : 'orange'}>
                          {t(`archive.prescriptions.${h.pregnancy}`)}
                        </Tag>
                      ) : null,
                    width: 90,
                  },
                  {
                    // ChP 2020 有大毒 / 有毒 / 有小毒: above the range such a herb needs a reason to save.
                    title: t('archive.prescriptions.toxicity'),
                    render: (_: unknown, h) =>
                      h.toxicity ? (
                        <Tag color={h.toxicity === 'high' ? 'red' : 'orange'}>
                          {t(`archive.prescriptions.toxic.${h.toxicity}`)}
                        </Tag>
                      ) : null,
                    width: 90,
                  },
                  { title: t('archive.rx.preparation'), dataIndex: 'preparation', width: 80 },
                  {
                    title: '',
                    width: 130,
                    render: (_: unknown, h) => (
                      <>
                        {h.overridden && <Tag color="blue">{t('archive.prescriptions.overridden')}</Tag>}
                        <Button size="small" onClick={() => setEditing(h)}>
                          {t('archive.prescriptions.edit')}
                        </Button>
                      </>
                    ),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <HerbOverrideModal herb={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
