import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { App } from 'antd';
import { renderWithQuery } from '../../test/render-with-query.js';
import { AddDiseaseDialog } from './AddDiseaseDialog.js';
import './texts.js';

describe('add disease dialog', () => {
  it('asks for the western and TCM names, each in Chinese then English, all required', () => {
    renderWithQuery(
      <App>
        <AddDiseaseDialog diseases={[]} onClose={() => undefined} onAdded={() => undefined} />
      </App>,
    );
    const labels = [...document.querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual([
      '编号',
      '西医病名 · 中文',
      '西医病名 · 英文',
      '中医病名 · 中文',
      '中医病名 · 英文',
      '参照疾病',
    ]);
    expect(document.querySelectorAll('.ant-form-item-required')).toHaveLength(5);
    expect(screen.getByTestId('disease-add-western-zh')).toBeTruthy();
    expect(screen.getByTestId('disease-add-western-en')).toBeTruthy();
  });
});
