import { describe, expect, it } from 'vitest';
import { currentEngineCode, currentFindingValue, upgradeStoredOutcome } from './legacy-ids.js';
import { PULSE_CLASS_CODES, VOICE_READING_CODES } from './vocabulary/pulse-voice.js';

// Issue 38 item 1: one id per finding, snake case, everywhere; ids of earlier versions are read
// as today's in legacy-ids.ts only.

describe('retired finding ids', () => {
  it('engine codes are snake case, and every retired code reads as a code the engines write today', () => {
    for (const c of [...PULSE_CLASS_CODES, ...VOICE_READING_CODES]) expect(c).toMatch(/^[a-z]+(_[a-z]+)*$/);
    for (const old of ['regularly-intermittent', 'weak-low', 'loud-coarse'])
      expect([...PULSE_CLASS_CODES, ...VOICE_READING_CODES]).toContain(currentEngineCode(old));
    expect(currentEngineCode('knotted')).toBe('knotted');
  });

  it('reads the pinyin ids of the old knowledge base and the old kebab codes as today’s finding values', () => {
    expect(currentFindingValue('pulse.rhythm', 'jie')).toBe('knotted');
    expect(currentFindingValue('pulse.rhythm', 'regularly-intermittent')).toBe('regularly_intermittent');
    expect(currentFindingValue('face.complexion', 'qing')).toBe('blue_green');
    expect(currentFindingValue('voice.reading', 'weak')).toBe('weak_low');
    expect(currentFindingValue('pulse.rateClass', 'normal')).toBe('even');
    // Only under its own key: `normal` is a voice reading of today.
    expect(currentFindingValue('voice.reading', 'normal')).toBe('normal');
    expect(currentFindingValue('pulse.rhythm', 'toString')).toBe('toString');
    expect(currentFindingValue('tongue.greasy', true)).toBe(true);
  });

  it('upgrades a stored pulse or voice outcome’s codes without touching anything else', () => {
    const voice = { status: 'done', result: { readings: [{ code: 'weak-low', zh: '语声低微' }, { code: 'hoarse' }] } };
    expect(upgradeStoredOutcome('voice', voice)).toEqual({
      status: 'done',
      result: { readings: [{ code: 'weak_low', zh: '语声低微' }, { code: 'hoarse' }] },
    });
    expect(voice.result.readings[0]!.code).toBe('weak-low');
    const pulse = { status: 'done', result: { classes: [{ group: 'rhythm', code: 'regularly-intermittent' }] } };
    expect(upgradeStoredOutcome('pulse', pulse)).toEqual({
      status: 'done',
      result: { classes: [{ group: 'rhythm', code: 'regularly_intermittent' }] },
    });
    const today = { status: 'done', result: { readings: [{ code: 'normal' }] } };
    expect(upgradeStoredOutcome('voice', today)).toBe(today);
    for (const odd of [null, 'x', [], { status: 'failed' }]) expect(upgradeStoredOutcome('voice', odd)).toBe(odd);
  });
});
