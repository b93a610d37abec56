import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  doneResult,
  pulseResultSchema,
  recordResultsSchema,
  voiceResultSchema,
  type RecordEngine,
  type ResultOf,
  type RecordDetail,
  type TongueResult,
} from '@tcm/contract';
import saved from './fixtures/done-record-results.json' with { type: 'json' };
import { RecordResult } from './RecordResult.js';

// Real outcomes of the server's pipeline on real inputs (pulse and voice files of the shared data,
// a full questionnaire, vitals), saved by scripts/web-result-fixture.ts since the web does not
// depend on the engines; parsing them with the contract's schema fails when the contract moves on.
const stored = recordResultsSchema.parse(saved);
import { PulseView } from './PulseView.js';
import { VoiceView } from './VoiceView.js';
import { i18n } from '../lib/i18n.js';

const ok = <E extends RecordEngine>(engine: E, result: ResultOf<E>, version: string, model?: string) => ({
  engine,
  status: 'done' as const,
  version: model ? { engine: version, model } : { engine: version },
  result,
  ms: 42,
});

/** An engine's refusal as the record stores it: the error's code and its message as saved. */
const failed = <E extends RecordEngine>(engine: E, code: number, msg: string, ms: number) => ({
  engine,
  status: 'failed' as const,
  version: { engine: `${engine}@test` },
  error: { code, msg },
  ms,
});

// A tongue result in the contract's shape (the engine is another branch's; the view only reads the shape).
const tongue: TongueResult = {
  version: { engine: 'tongue@test', model: 'tongue-seg@1', features: 'features@1' },
  quality: {
    ok: false,
    // As the engine saves it: the code and the English text (the view words it from the catalog).
    issues: [
      {
        code: '3100203',
        message: 'The photo is too dark. Take the photo in bright, even daylight',
        tip: 'Take the photo in bright, even daylight',
      },
    ],
    evidence: { meanL: 31 },
  },
  mask: {
    width: 400,
    height: 300,
    box: [100, 50, 200, 200],
    areaFraction: 0.25,
    polygon: [
      [100, 50],
      [300, 50],
      [200, 250],
    ],
  },
  features: {
    bodyColor: {
      label: 'pale',
      score: 0.81,
      probabilities: { pale: 0.81, light_red: 0.19 },
      method: 'model',
      evidence: { body_a_p50: 11.5, meanA: 11.5 },
      lab: { L: 60, a: 11.5, b: 8 },
    },
    cracks: {
      label: 'light',
      score: 0.4,
      probabilities: { none: 0.3, light: 0.6, severe: 0.1 },
      method: 'rule',
      evidence: { crackLength: 0.12 },
    },
  } as unknown as TongueResult['features'],
  notes: [
    { zh: '基于单张照片的辅助参考，不作为诊断', en: 'Decision support from one photo, not a diagnosis' },
    'An earlier result: notes were English only',
  ],
};

function detail(status: RecordDetail['status'], results: RecordDetail['results']): RecordDetail {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    source: 'member',
    kind: 'normal',
    status,
    person: { name: '张三', sex: 'female' },
    teamId: null,
    ownerId: null,
    ownerName: null,
    deviceId: null,
    deviceName: null,
    captures: ['tongue', 'voice'],
    conclusion: null,
    failure: status === 'failed' ? { code: 4001007, msg: '分析失败，请稍后重试' } : null,
    missing: [],
    attempts: 1,
    lang: 'zh',
    createdAt: '2026-11-22T08:00:00Z',
    updatedAt: '2026-11-22T08:00:00Z',
    finishedAt: null,
    files: { tongue: { uuid: 'u', name: 't.jpg', url: '/backend/file/u' } as never },
    vitals: null,
    inquiry: null,
    results,
    progress: {
      status,
      step: status === 'running' ? 'face' : null,
      done: 2,
      total: 4,
      attempts: 1,
      failure: status === 'failed' ? { code: 4001007, msg: '分析失败，请稍后重试' } : null,
    },
    shareToken: 'tok',
    tongueMaskUrl: null,
  };
}

describe('RecordResult', () => {
  it('explains a done record: synthesis first with "suggests", each engine with its version and evidence, the mask outline', () => {
    const { voice, constitution, vitals, synthesis } = stored;
    const voiceResult = doneResult(stored, 'voice')!;
    const synthesisResult = doneResult(stored, 'synthesis')!;
    render(
      <RecordResult
        detail={detail('done', {
          tongue: ok('tongue', tongue, 'tongue@test', 'tongue-seg@1'),
          voice,
          constitution,
          vitals,
          synthesis,
        })}
        progress={null}
        via={null}
        actions={<button>pdf</button>}
      />,
    );
    expect(screen.getByTestId('record-status').dataset.status).toBe('done');
    expect(screen.getByTestId('decision-support').textContent).toContain('辅助参考');
    const cards = screen.getAllByTestId(/^engine-(tongue|voice|constitution|vitals|synthesis)$/);
    expect(cards[0]!.dataset.testid).toBe('engine-synthesis');
    // Engine, model and timing sit behind the details switch (issue 17), one click away.
    expect(within(screen.getByTestId('engine-tongue')).queryByTestId('engine-version')).toBeNull();
    fireEvent.click(screen.getByTestId('details-toggle'));
    expect(within(screen.getByTestId('engine-tongue')).getByTestId('engine-version').textContent).toContain(
      'tongue-seg@1',
    );
    fireEvent.click(screen.getByTestId('details-toggle'));
    const features = screen.getByTestId('tongue-features');
    expect(features.textContent).toContain('舌色');
    expect(features.textContent).toContain('淡白');
    // Evidence by name in the reader's language; an identifier without a name is shown as it is.
    expect(features.textContent).toContain('舌质 a* 11.5');
    expect(features.textContent).not.toContain('body_a_p50');
    expect(features.textContent).toContain('meanA 11.5');
    // The color the label was read from, named like every other measure (issue 16: it showed raw).
    expect(features.textContent).toContain('L*（明度） 60');
    expect(features.textContent).not.toContain('lab.L');
    expect(screen.getByText('照片过暗')).toBeTruthy();
    expect(screen.getByText('请在明亮、均匀的自然光下拍摄')).toBeTruthy();
    expect(screen.queryByText(/too dark/)).toBeNull();
    expect(screen.getByText('基于单张照片的辅助参考，不作为诊断')).toBeTruthy();
    expect(screen.queryByText(/Decision support from one photo/)).toBeNull();
    expect(screen.getByText('An earlier result: notes were English only')).toBeTruthy();
    const polygon = screen.getByTestId('mask-outline').querySelector('polygon')!;
    expect(polygon.getAttribute('points')).toBe('100,50 300,50 200,250');
    expect(screen.getByTestId('mask-outline').getAttribute('viewBox')).toBe('0 0 400 300');
    const syn = screen.getByTestId('synthesis');
    expect(syn.textContent).toContain('提示：');
    expect(screen.getByTestId('disclaimer').textContent).toBe(synthesisResult.disclaimer.zh);
    expect(screen.getByTestId('engine-voice').textContent).not.toContain(voiceResult.version.engine);
    fireEvent.click(screen.getByTestId('details-toggle'));
    expect(screen.getByTestId('engine-voice').textContent).toContain(voiceResult.version.engine);
    fireEvent.click(screen.getByTestId('details-toggle'));
    expect(screen.getByText('pdf')).toBeTruthy();
    // The first render loads antd's styles: slow on the shared machine (load average ~20).
  }, 60000);

  it('shows progress while running, and a failure with its reason and a retry', async () => {
    const { rerender } = render(<RecordResult detail={detail('running', {})} progress={null} via="events" />);
    expect(screen.getByTestId('analysis-progress').textContent).toContain('正在分析：面诊');
    // How progress arrives is a technical detail (issue 17: a "server push" label on consumer screens).
    expect(screen.getByTestId('analysis-progress').textContent).not.toContain('服务器推送');
    fireEvent.click(screen.getByTestId('details-toggle'));
    expect(screen.getByTestId('analysis-progress').textContent).toContain('服务器推送');
    const onRetry = vi.fn(async () => undefined);
    rerender(
      <RecordResult
        detail={detail('failed', {
          tongue: {
            engine: 'tongue',
            status: 'failed',
            version: { engine: 'tongue@test' },
            error: { code: 3100101, msg: '照片中未检测到舌头' },
            ms: 5,
          },
        })}
        progress={null}
        via={null}
        onRetry={onRetry}
      />,
    );
    // The details switch is still on (remembered): codes show; off, only the words.
    expect(screen.getByTestId('record-failed').textContent).toContain('4001007');
    expect(screen.getByTestId('engine-failed-tongue').textContent).toMatch(/照片中未检测到舌头.*\(3100101\)/);
    fireEvent.click(screen.getByTestId('details-toggle'));
    expect(screen.getByTestId('record-failed').textContent).not.toContain('4001007');
    expect(screen.getByTestId('engine-failed-tongue').textContent).not.toContain('3100101');
    fireEvent.click(screen.getByTestId('record-retry'));
    await waitFor(() => expect(onRetry).toHaveBeenCalledTimes(1));
  });
});

describe('PulseView', () => {
  it('says what each pulse class suggests in the UI language, and shows an earlier English-only result as saved', async () => {
    const pulse = doneResult(stored, 'pulse')!;
    const rate = pulse.classes.find((c) => c.group === 'rate')!;
    if (typeof rate.suggests === 'string') throw new Error('the engine writes zh and en');
    const { unmount } = render(<PulseView r={pulse} />);
    expect(screen.getByText(new RegExp(rate.suggests.zh))).toBeTruthy();
    expect(screen.queryByText(new RegExp(rate.suggests.en.replace(/[()]/g, '.')))).toBeNull();
    unmount();
    await i18n.changeLanguage('en');
    try {
      const legacy = { ...pulse, classes: [{ ...rate, suggests: 'A rate of 70 bpm lies in the even range (平).' }] };
      const { unmount: off } = render(<PulseView r={pulseResultSchema.parse(legacy)} />);
      expect(screen.getByText(/A rate of 70 bpm lies in the even range/)).toBeTruthy();
      off();
      render(<PulseView r={pulse} />);
      expect(screen.getByText(new RegExp(rate.suggests.en.replace(/[()]/g, '.')))).toBeTruthy();
    } finally {
      await i18n.changeLanguage('zh');
    }
  });
});

describe('VoiceView', () => {
  it('says what each voice reading suggests in the UI language, and shows an earlier English-only result as saved', async () => {
    const voice = doneResult(stored, 'voice')!;
    const reading = voice.readings[0]!;
    if (typeof reading.suggests === 'string') throw new Error('the engine writes zh and en');
    const en = new RegExp(reading.suggests.en.replace(/[()]/g, '.'));
    const { unmount } = render(<VoiceView r={voice} />);
    expect(screen.getByText(new RegExp(reading.suggests.zh))).toBeTruthy();
    expect(screen.queryByText(en)).toBeNull();
    unmount();
    await i18n.changeLanguage('en');
    try {
      const legacy = {
        ...voice,
        readings: [{ ...reading, suggests: 'Low speech intensity suggests a weak, low voice.' }],
      };
      const { unmount: off } = render(<VoiceView r={voiceResultSchema.parse(legacy)} />);
      expect(screen.getByText(/Low speech intensity suggests a weak, low voice/)).toBeTruthy();
      off();
      render(<VoiceView r={voice} />);
      expect(screen.getByText(en)).toBeTruthy();
    } finally {
      await i18n.changeLanguage('zh');
    }
  });
});

describe('redo one capture (issue 17 item 4)', () => {
  const failedTongue = failed('tongue', 3100101, '照片中未检测到舌头', 5);

  it('a finished record offers the redo on a failed capture’s card only, and opens the given input there', () => {
    const redo = vi.fn((slot: string, close: () => void) => (
      <button data-testid="redo-input" onClick={close}>
        {slot}
      </button>
    ));
    const { voice, constitution } = stored;
    render(
      <RecordResult
        detail={detail('partial', { tongue: failedTongue, voice, constitution })}
        progress={null}
        via={null}
        redo={redo}
      />,
    );
    expect(screen.queryByTestId('redo-voice')).toBeNull();
    expect(screen.queryByTestId('redo-constitution')).toBeNull();
    fireEvent.click(within(screen.getByTestId('engine-tongue')).getByTestId('redo-tongue'));
    expect(redo).toHaveBeenCalledWith('tongue', expect.any(Function));
    expect(screen.getByTestId('engine-tongue').textContent).toContain('问卷答案、体征和其他结果保留不变');
    fireEvent.click(screen.getByTestId('redo-input'));
    expect(screen.queryByTestId('redo-input')).toBeNull();
    expect(screen.getByTestId('redo-tongue')).toBeTruthy();
  });

  it('no redo while the record is analyzed, nor without the redo (share links, someone else’s record)', () => {
    const { rerender } = render(
      <RecordResult
        detail={detail('running', { tongue: failedTongue })}
        progress={null}
        via={null}
        redo={() => null}
      />,
    );
    expect(screen.queryByTestId('redo-tongue')).toBeNull();
    rerender(<RecordResult detail={detail('done', { tongue: failedTongue })} progress={null} via={null} />);
    expect(screen.queryByTestId('engine-failed-tongue')).toBeTruthy();
    expect(screen.queryByTestId('redo-tongue')).toBeNull();
  });
});

describe('a partial record (issue 32)', () => {
  // Saved in the record's language (zh); the reader's language words it from the code.
  const refused = failed('constitution', 3500006, '同一问题的两个条目答案不一致', 1);

  it('says it is partial, which part is missing and why in the reader’s language, and offers the questionnaire alone', async () => {
    const { voice, synthesis } = stored;
    const redo = vi.fn((part: string) => <span data-testid="redo-input">{part}</span>);
    for (const [lang, status, line] of [
      ['zh', '部分完成', '缺少体质问卷：同一问题的两个条目答案不一致'],
      [
        'en',
        'Partly done',
        'Constitution questionnaire missing: The two ids of one shared question carry different answers',
      ],
    ] as const) {
      await i18n.changeLanguage(lang);
      const { unmount } = render(
        <RecordResult
          detail={detail('partial', { voice, constitution: refused, synthesis })}
          progress={null}
          via={null}
          actions={<span data-testid="report-actions" />}
          redo={redo}
        />,
      );
      expect(screen.getByTestId('record-status').textContent).toBe(status);
      expect(screen.getByTestId('partial-constitution').textContent).toBe(line);
      // What it holds is real: the report and the other results are there.
      expect(screen.getByTestId('report-actions')).toBeTruthy();
      expect(screen.getByTestId('engine-voice')).toBeTruthy();
      fireEvent.click(screen.getByTestId('redo-constitution'));
      expect(redo).toHaveBeenLastCalledWith('constitution', expect.any(Function));
      unmount();
    }
    await i18n.changeLanguage('zh');
  });
});
