import './texts.js';
import { useMemo, useRef, useState } from 'react';
import { Alert, AutoComplete, Button, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import type { InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkPrescription,
  PREPARATIONS,
  SAFETY_WARNING_LEVEL,
  type PrescriptionHerbInput,
  type PrescriptionInput,
} from '@tcm/contract';
import { FORMULAS, HERBS, searchByKey, type FormulaEntry, type HerbEntry } from '@tcm/contract/herbs';
import { useFormulas, useHerbs } from './archive-api.js';

const UNITS = ['g', '枚', '片', '条', '只', 'ml'] as const;

/**
 * The doctor's dictionary and library as the server lists them (own overrides and formulas
 * included); the shipped data until they arrive, so typing never waits for the network.
 */
export function useLibrary(): { herbs: readonly HerbEntry[]; formulas: readonly FormulaEntry[] } {
  const herbs = useHerbs();
  const formulas = useFormulas();
  return { herbs: herbs.data ?? HERBS, formulas: formulas.data ?? FORMULAS };
}

type Hit = { key: string; kind: 'herb' | 'formula'; name: string; label: string };

/** Search hits for the composer box: herbs and formulas by pinyin initials, pinyin or name. */
export function composerHits(
  q: string,
  lib: { herbs: readonly HerbEntry[]; formulas: readonly FormulaEntry[] } = { herbs: HERBS, formulas: FORMULAS },
): Hit[] {
  const formulas = searchByKey(lib.formulas, q, 6).map((f) => ({
    key: `f:${f.name}`,
    kind: 'formula' as const,
    name: f.name,
    label: `${f.name}  ${f.origin}`,
  }));
  const herbs = searchByKey(lib.herbs, q, 12).map((h) => ({
    key: `h:${h.name}`,
    kind: 'herb' as const,
    name: h.name,
    label: `${h.name}  ${h.pinyin}  ${h.doseMin}–${h.doseMax} g`,
  }));
  return [...herbs, ...formulas];
}

/** A herb line as picked from the dictionary: the lower usual dose, the usual preparation. */
function herbLine(h: HerbEntry | undefined, name: string): PrescriptionHerbInput {
  return { name, dose: h?.doseMin ?? 6, unit: 'g', ...(h?.preparation ? { preparation: h.preparation } : {}) };
}

/**
 * Keyboard-first prescription entry (docs/archive.md): type pinyin initials ("gc" 甘草, "gzt"
 * 桂枝汤), Enter adds the first hit — a formula expands into its herbs — then dose, unit and
 * preparation per line. The safety checks run on every change, beside the lines, never silently.
 */
export function PrescriptionComposer(props: {
  value: PrescriptionInput | null;
  onChange: (v: PrescriptionInput | null) => void;
  pregnant: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const box = useRef<InputRef>(null);
  const rx: PrescriptionInput = props.value ?? { name: '', herbs: [], doses: 7, usage: '' };
  const lib = useLibrary();
  const byName = useMemo(() => new Map(lib.herbs.map((h) => [h.name, h])), [lib.herbs]);
  const hits = useMemo(() => (q.trim() ? composerHits(q, lib) : []), [q, lib]);
  const warnings = useMemo(
    () => checkPrescription(rx.herbs, { pregnant: props.pregnant, dictionary: byName }),
    [rx.herbs, props.pregnant, byName],
  );
  const set = (patch: Partial<PrescriptionInput>) => {
    const next = { ...rx, ...patch };
    props.onChange(next.herbs.length || next.name ? next : null);
  };
  const setHerb = (i: number, patch: Partial<PrescriptionHerbInput>) =>
    set({ herbs: rx.herbs.map((h, j) => (j === i ? { ...h, ...patch } : h)) });
  const pick = (key: string) => {
    const [kind, name] = [key.slice(0, 1), key.slice(2)];
    if (kind === 'f') {
      const f = lib.formulas.find((x) => x.name === name);
      if (f)
        set({
          name: rx.name || f.name,
          formulaId: f.id,
          herbs: [...rx.herbs, ...f.herbs.filter((h) => !rx.herbs.some((x) => x.name === h.name))],
          usage: rx.usage || f.usage,
        });
    } else if (!rx.herbs.some((h) => h.name === name)) set({ herbs: [...rx.herbs, herbLine(byName.get(name), name)] });
    setQ('');
    box.current?.focus();
  };
  const lang = i18n.language === 'en' ? 'en' : 'zh';

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="rx-composer">
      <Space wrap>
        <Input
          placeholder={t('archive.rx.name')}
          value={rx.name}
          onChange={(e) => set({ name: e.target.value })}
          style={{ width: 200 }}
          data-testid="rx-name"
        />
        <AutoComplete
          value={q}
          onChange={setQ}
          options={hits.map((h) => ({
            value: h.key,
            label: (
              <Space>
                <Tag color={h.kind === 'formula' ? 'gold' : 'green'}>
                  {h.kind === 'formula' ? t('archive.rx.formula') : t('archive.rx.herb')}
                </Tag>
                {h.label}
              </Space>
            ),
          }))}
          onSelect={(v: string) => pick(v)}
          defaultActiveFirstOption
          style={{ width: 420 }}
        >
          <Input ref={box} placeholder={t('archive.rx.search')} data-testid="rx-search" />
        </AutoComplete>
      </Space>
      <Table
        size="small"
        rowKey={(h) => h.name}
        pagination={false}
        dataSource={rx.herbs}
        locale={{ emptyText: t('archive.rx.noHerbs') }}
        data-testid="rx-herbs"
        columns={[
          {
            title: t('archive.rx.herb'),
            render: (_: unknown, h: PrescriptionHerbInput) => {
              const d = byName.get(h.name);
              return (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>{h.name}</Typography.Text>
                  {d && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('archive.rx.range', { min: d.doseMin, max: d.doseMax, unit: d.unit })}
                    </Typography.Text>
                  )}
                </Space>
              );
            },
          },
          {
            title: t('archive.rx.dose'),
            render: (_: unknown, h: PrescriptionHerbInput, i: number) => (
              <InputNumber
                min={0.1}
                max={500}
                value={h.dose}
                onChange={(v) => v !== null && setHerb(i, { dose: v })}
                data-testid={`rx-dose-${h.name}`}
              />
            ),
          },
          {
            title: t('archive.rx.unit'),
            render: (_: unknown, h: PrescriptionHerbInput, i: number) => (
              <Select
                value={h.unit ?? 'g'}
                style={{ width: 70 }}
                onChange={(v) => setHerb(i, { unit: v })}
                options={UNITS.map((u) => ({ value: u, label: u }))}
              />
            ),
          },
          {
            title: t('archive.rx.preparation'),
            render: (_: unknown, h: PrescriptionHerbInput, i: number) => (
              <Select
                allowClear
                value={h.preparation}
                style={{ width: 90 }}
                onChange={(v) => setHerb(i, { preparation: v })}
                options={PREPARATIONS.map((p) => ({ value: p, label: p }))}
              />
            ),
          },
          {
            title: '',
            render: (_: unknown, h: PrescriptionHerbInput, i: number) => (
              <Button size="small" danger onClick={() => set({ herbs: rx.herbs.filter((_x, j) => j !== i) })}>
                {t('archive.rx.remove')}
              </Button>
            ),
          },
        ]}
      />
      <Space wrap>
        {t('archive.rx.doses')}
        <InputNumber min={1} max={365} value={rx.doses} onChange={(v) => v !== null && set({ doses: v })} />
        <Input
          placeholder={t('archive.rx.usage')}
          value={rx.usage}
          onChange={(e) => set({ usage: e.target.value })}
          style={{ width: 320 }}
        />
      </Space>
      {rx.herbs.length > 0 &&
        (warnings.length ? (
          <Alert
            type="warning"
            showIcon
            title={t('archive.rx.warnings')}
            data-testid="rx-warnings"
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {warnings.map((w) => (
                  <li key={`${w.kind}:${w.herbs.join('+')}`} data-kind={w.kind} data-code={w.code}>
                    {lang === 'en' ? w.en : w.zh}
                    {SAFETY_WARNING_LEVEL[w.kind] === 'acknowledge' && (
                      <Tag color="orange" style={{ marginInlineStart: 8 }}>
                        {t('archive.rx.needsReason')}
                      </Tag>
                    )}
                  </li>
                ))}
              </ul>
            }
          />
        ) : (
          <Alert type="success" showIcon title={t('archive.rx.noWarnings')} data-testid="rx-no-warnings" />
        ))}
    </Space>
  );
}
