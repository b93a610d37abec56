import { describe, expect, it } from 'vitest';
import {
  checkPrescription,
  needsAcknowledgement,
  refusedWarnings,
  SAFETY_WARNING_CODES,
  type HerbFacts,
} from './herb-safety.js';
import { herbFactsMap } from './herbs.js';

const pair = (a: string, b: string) =>
  checkPrescription([
    { name: a, dose: 6 },
    { name: b, dose: 6 },
  ]).map((w) => w.kind);

// Known pairs of 十八反 (ChP 2020 【注意】 wording), both orders.
const EIGHTEEN: Array<[string, string]> = [
  ['甘草', '甘遂'],
  ['甘草', '京大戟'],
  ['甘草', '红大戟'],
  ['炙甘草', '海藻'],
  ['甘草', '芫花'],
  ['附子', '半夏'],
  ['制川乌', '法半夏'],
  ['草乌', '瓜蒌'],
  ['附子', '天花粉'],
  ['川乌', '川贝母'],
  ['附子', '浙贝母'],
  ['制草乌', '白蔹'],
  ['附子', '白及'],
  ['藜芦', '人参'],
  ['藜芦', '党参'],
  ['藜芦', '丹参'],
  ['藜芦', '玄参'],
  ['藜芦', '北沙参'],
  ['藜芦', '苦参'],
  ['藜芦', '细辛'],
  ['藜芦', '赤芍'],
  ['藜芦', '白芍'],
];

const NINETEEN: Array<[string, string]> = [
  ['硫黄', '芒硝'],
  ['水银', '砒霜'],
  ['狼毒', '密陀僧'],
  ['巴豆', '牵牛子'],
  ['丁香', '郁金'],
  ['川乌', '犀角'],
  ['芒硝', '三棱'],
  ['肉桂', '赤石脂'],
  ['人参', '五灵脂'],
];

// Pairs that sound alike or share a herb but are not in either list: must not warn.
const SAFE: Array<[string, string]> = [
  ['甘草', '大枣'],
  ['甘草', '半夏'], // 甘草 only opposes 甘遂, 大戟, 海藻, 芫花
  ['附子', '甘草'], // 四逆汤
  ['附子', '干姜'],
  ['半夏', '瓜蒌'], // 小陷胸汤
  ['人参', '甘草'],
  ['党参', '丹参'],
  ['白芍', '赤芍'],
  ['肉桂', '附子'],
  ['丁香', '柿蒂'],
  ['郁金', '石菖蒲'],
  ['三棱', '莪术'],
  ['白术', '白及'], // 白及 only with 乌头
  ['天南星', '半夏'],
  ['海藻', '昆布'],
  ['桂枝', '赤石脂'], // 官桂 is 肉桂, not 桂枝
];

describe('checkPrescription: 十八反 and 十九畏', () => {
  it.each(EIGHTEEN)('%s + %s warns as 十八反 (both orders)', (a, b) => {
    expect(pair(a, b)).toEqual(['incompatible']);
    expect(pair(b, a)).toEqual(['incompatible']);
  });

  it.each(NINETEEN)('%s + %s warns as 十九畏 (both orders)', (a, b) => {
    expect(pair(a, b)).toContain('antagonism');
    expect(pair(b, a)).toContain('antagonism');
  });

  it.each(SAFE)('%s + %s does not warn', (a, b) => {
    expect(pair(a, b)).toEqual([]);
  });

  it('names both herbs in zh and en, once per pair', () => {
    const w = checkPrescription([
      { name: '甘草', dose: 6 },
      { name: '海藻', dose: 9 },
      { name: '甘草', dose: 3 },
    ]);
    expect(w).toHaveLength(1);
    expect(w[0]!.herbs).toEqual(['甘草', '海藻']);
    expect(w[0]!.zh).toContain('十八反');
    expect(w[0]!.en).toMatch(/should not be used together/);
  });

  it('a 乌头 + 瓜蒌 prescription with three of each class lists each pair', () => {
    const w = checkPrescription(['附子', '川乌', '瓜蒌皮', '天花粉'].map((name) => ({ name, dose: 6 })));
    expect(w.map((x) => x.herbs.join('+'))).toEqual(['附子+瓜蒌皮', '附子+天花粉', '川乌+瓜蒌皮', '川乌+天花粉']);
  });
});

describe('checkPrescription: doses and pregnancy', () => {
  const dict = new Map<string, HerbFacts>([
    ['附子', { name: '附子', doseMin: 3, doseMax: 15, unit: 'g', pregnancy: 'caution' }],
    ['桃仁', { name: '桃仁', doseMin: 5, doseMax: 10, unit: 'g', pregnancy: 'caution' }],
    ['三棱', { name: '三棱', doseMin: 5, doseMax: 10, unit: 'g', pregnancy: 'forbidden' }],
    ['大枣', { name: '大枣', doseMin: 6, doseMax: 15, unit: 'g' }],
  ]);

  it('warns above and below the usual range, not at its ends', () => {
    const kinds = (name: string, dose: number) =>
      checkPrescription([{ name, dose }], { dictionary: dict }).map((w) => w.kind);
    expect(kinds('附子', 30)).toEqual(['doseHigh']);
    expect(kinds('附子', 1)).toEqual(['doseLow']);
    expect(kinds('附子', 15)).toEqual([]);
    expect(kinds('附子', 3)).toEqual([]);
  });

  it('does not compare doses written in another unit', () => {
    expect(checkPrescription([{ name: '大枣', dose: 4, unit: '枚' }], { dictionary: dict })).toEqual([]);
  });

  it('pregnancy cautions only when the patient is pregnant', () => {
    const herbs = [
      { name: '桃仁', dose: 6 },
      { name: '三棱', dose: 6 },
      { name: '大枣', dose: 6 },
    ];
    expect(checkPrescription(herbs, { dictionary: dict })).toEqual([]);
    expect(checkPrescription(herbs, { dictionary: dict, pregnant: true }).map((w) => [w.kind, w.herbs[0]])).toEqual([
      ['pregnancyCaution', '桃仁'],
      ['pregnancyForbidden', '三棱'],
    ]);
  });
});

describe('checkPrescription: toxic herbs (ChP 2020 toxicity and dose range)', () => {
  const dictionary = herbFactsMap();
  const kinds = (name: string, dose: number) => checkPrescription([{ name, dose }], { dictionary }).map((w) => w.kind);

  it('a toxic herb within its range raises nothing; above it a reason; above the ceiling a refusal', () => {
    // 附子 有毒, 3–15 g: ceiling 4 × 15 = 60 g.
    expect(kinds('附子', 15)).toEqual([]);
    expect(kinds('附子', 15.5)).toEqual(['toxicDoseHigh']);
    expect(kinds('附子', 60)).toEqual(['toxicDoseHigh']);
    expect(kinds('附子', 61)).toEqual(['toxicDoseCeiling']);
    expect(kinds('附子', 200)).toEqual(['toxicDoseCeiling']);
    // 川乌 有大毒, 1.5–3 g: ceiling 2 × 3 = 6 g.
    expect(kinds('川乌', 6)).toEqual(['toxicDoseHigh']);
    expect(kinds('川乌', 6.5)).toEqual(['toxicDoseCeiling']);
    // A non-toxic herb above its range keeps the ordinary note; below the range too.
    expect(kinds('白术', 30)).toEqual(['doseHigh']);
    expect(kinds('附子', 1)).toEqual(['doseLow']);
  });

  it('levels and codes: pairs, 孕妇禁用 and toxic doses need a reason, the ceiling refuses, the rest are notes', () => {
    const ws = checkPrescription(
      [
        { name: '甘草', dose: 6 },
        { name: '甘遂', dose: 1 },
        { name: '附子', dose: 200 },
        { name: '白术', dose: 30 },
      ],
      { dictionary, pregnant: true },
    );
    expect(ws.map((w) => [w.kind, w.code])).toEqual([
      ['incompatible', SAFETY_WARNING_CODES.incompatible],
      ['pregnancyForbidden', 4101403],
      ['toxicDoseCeiling', 4101405],
      ['pregnancyCaution', 4101413],
      ['doseHigh', 4101411],
    ]);
    expect(needsAcknowledgement(ws).map((w) => w.kind)).toEqual(['incompatible', 'pregnancyForbidden']);
    expect(refusedWarnings(ws).map((w) => w.kind)).toEqual(['toxicDoseCeiling']);
    // Every code is distinct.
    expect(new Set(Object.values(SAFETY_WARNING_CODES)).size).toBe(Object.keys(SAFETY_WARNING_CODES).length);
  });

  it('an override of the range moves the notes, never the toxic thresholds', () => {
    const own = herbFactsMap([{ name: '附子', doseMin: 3, doseMax: 300 }]);
    expect(checkPrescription([{ name: '附子', dose: 30 }], { dictionary: own }).map((w) => w.kind)).toEqual([
      'toxicDoseHigh',
    ]);
  });
});
