import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Table } from 'antd';
import { doneResult, recordResultsSchema } from '@tcm/contract';
import saved from './fixtures/done-record-results.json' with { type: 'json' };
import { STACK_TABLE, stackColumns } from './stack-table.js';
import { VitalsView } from './VitalsView.js';
import { TongueView } from './TongueView.js';
import { i18n } from '../lib/i18n.js';

// Issue 34: on a phone a table re-flows into label/value blocks (phone.css reads each cell's
// data-label). The cells must carry their column's title in the reader's language, and a
// column's own cell props must survive.
const results = recordResultsSchema.parse(saved);

describe('tables that stack on a phone', () => {
  it('label every cell with its column title and keep the column’s own cell props', () => {
    type Row = { id: string; a: string; b: string };
    const cols = stackColumns<Row>([
      { title: 'Name', dataIndex: 'a', onCell: () => ({ className: 'own' }) },
      { title: <b>not text</b>, dataIndex: 'b' },
    ]);
    const { container, unmount } = render(
      <Table<Row> className={STACK_TABLE} rowKey="id" columns={cols} dataSource={[{ id: '1', a: 'x', b: 'y' }]} />,
    );
    const cells = [...container.querySelectorAll('tbody td')];
    expect(cells.map((c) => [c.getAttribute('data-label'), c.classList.contains('own'), c.textContent])).toEqual([
      ['Name', true, 'x'],
      // A title that is not plain text has no label to show: the cell stays as it was.
      [null, false, 'y'],
    ]);
    expect(container.querySelector(`.${STACK_TABLE}`)).not.toBeNull();
    unmount();
  });

  it('the vitals and tongue tables of a real result label their cells, zh and en', async () => {
    const vitals = doneResult(results, 'vitals')!;
    const tongue = doneResult(results, 'tongue')!;
    for (const [lang, labels] of [
      ['zh', ['指标', '数值', '风险', '说明', '参考范围']],
      ['en', ['Indicator', 'Value', 'Risk', 'Why', 'Reference']],
    ] as const) {
      await i18n.changeLanguage(lang);
      const v = render(<VitalsView r={vitals} />);
      const row = v.container.querySelector('tbody tr.ant-table-row')!;
      expect([...row.querySelectorAll('td')].map((c) => c.getAttribute('data-label'))).toEqual(labels);
      v.unmount();
      const tv = render(<TongueView r={tongue} photoUrl={null} />);
      const first = tv.getByTestId('tongue-features').querySelector('tbody tr.ant-table-row')!;
      for (const td of first.querySelectorAll('td')) expect(td.getAttribute('data-label')).toBeTruthy();
      tv.unmount();
    }
    await i18n.changeLanguage('zh');
  });
});
