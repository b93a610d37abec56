/**
 * Writes the example models under examples/ from the shared real data: a TonguExpert photo
 * with its mask outline and measured CIELAB; the face, pulse and voice sections as the face,
 * pulse and voice engines report an Unsplash portrait, the BIDMC 01 PPG and Praat's read-speech
 * sample, run by the server's own pipeline and mapped by its own results-to-report code
 * (`engineSections` in example-data.ts). Vitals, constitution, syndrome and advice values are a realistic
 * hand-written case. Run: `npm run examples -w @tcm/report`.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { HealthReportInput, MedicalRecordInput, ReportLanguage } from '@tcm/contract';
import { DATA, engineSections, plethExcerpt, smallJpeg, tongueMeasures } from './example-data.js';

const OUT = new URL('../examples/', import.meta.url);
const TONGUE_ID = 'TE0000458'; // expert labels: yellow coating, light cracks, light tooth marks

async function healthReport(lang: ReportLanguage): Promise<HealthReportInput> {
  const tr = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  const tongueImg = await smallJpeg(new URL(`tongue/images/${TONGUE_ID}.jpg`, DATA), 240);
  const tm = await tongueMeasures(
    new URL(`tongue/images/${TONGUE_ID}.jpg`, DATA),
    new URL(`tongue/masks/${TONGUE_ID}.png`, DATA),
    240,
  );
  const { factor: _f, ...tonguePhoto } = tongueImg;
  const pulse = await plethExcerpt(60, 8, 2);
  const bpm = Math.round(pulse.bpm);
  const lab = `L* ${tm.lab.L.toFixed(1)}, a* ${tm.lab.a.toFixed(1)}, b* ${tm.lab.b.toFixed(1)}`;
  return {
    kind: 'health-report',
    header: {
      organisation: tr('杭州明德中医健康管理中心', 'Hangzhou Mingde TCM Health Center'),
      reportId: 'HR-20261122-0158',
      date: '2026-11-22T09:40:00+08:00',
      language: lang,
      person: { name: tr('王丽', 'Wang Li'), sex: 'female', age: 34, id: 'M-0042317' },
    },
    vitals: {
      source: tr(
        '中国成人参考值（BMI、血压、血脂、血糖、尿酸，女性）',
        'Adult references used in China (BMI, blood pressure, lipids, glucose, uric acid; female)',
      ),
      version: { engine: 'vitals@1.0.0', model: 'cn-adult-2026.11-1' },
      rows: [
        { indicator: 'vitals.height', value: 163, unit: 'cm', risk: 'low' },
        { indicator: 'vitals.weight', value: 67.5, unit: 'kg', risk: 'low' },
        {
          indicator: 'vitals.bmi',
          value: 25.4,
          unit: 'kg/m²',
          reference: { low: 18.5, high: 23.9 },
          risk: 'medium',
          reason: tr('超重区间（24–27.9）', 'Overweight range (24–27.9)'),
        },
        {
          indicator: 'vitals.systolic',
          value: 132,
          unit: 'mmHg',
          reference: { high: 119, text: '< 120' },
          risk: 'medium',
          reason: tr('正常高值（120–139）', 'High-normal (120–139)'),
        },
        {
          indicator: 'vitals.diastolic',
          value: 84,
          unit: 'mmHg',
          reference: { text: '< 80' },
          risk: 'medium',
          reason: tr('正常高值（80–89）', 'High-normal (80–89)'),
        },
        {
          indicator: 'vitals.pulse',
          value: bpm,
          unit: tr('次/分', 'bpm'),
          reference: { low: 60, high: 100 },
          risk: 'low',
          reason: tr('由脉搏波测得', 'From the pulse waveform'),
        },
        {
          indicator: 'vitals.heartRate',
          value: 92,
          unit: tr('次/分', 'bpm'),
          reference: { low: 60, high: 100 },
          risk: 'low',
        },
        { indicator: 'vitals.spo2', value: 97, unit: '%', reference: { low: 95 }, risk: 'low' },
        {
          indicator: 'vitals.glucose',
          value: 6.4,
          unit: 'mmol/L',
          reference: { low: 3.9, high: 6.0 },
          risk: 'medium',
          reason: tr('空腹血糖受损区间（6.1–6.9）', 'Impaired fasting glucose range (6.1–6.9)'),
        },
        {
          indicator: 'vitals.triglycerides',
          value: 2.05,
          unit: 'mmol/L',
          reference: { text: '< 1.7' },
          risk: 'medium',
          reason: tr('高于参考值', 'Above the reference'),
        },
        { indicator: 'vitals.cholesterol', value: 5.1, unit: 'mmol/L', reference: { text: '< 5.2' }, risk: 'low' },
        {
          indicator: 'vitals.uricAcid',
          value: 412,
          unit: 'µmol/L',
          reference: { high: 360 },
          risk: 'high',
          reason: tr('高于女性上限 360', 'Above the female limit of 360'),
        },
        { indicator: 'vitals.hdl', value: 1.12, unit: 'mmol/L', reference: { low: 1.0 }, risk: 'low' },
        {
          indicator: 'vitals.ldl',
          value: 3.52,
          unit: 'mmol/L',
          reference: { text: '< 3.4' },
          risk: 'medium',
          reason: tr('略高于参考值', 'Slightly above the reference'),
        },
      ],
    },
    tongue: {
      // The tongue engine is built elsewhere: these findings are TonguExpert's expert labels and the
      // CIELAB measured under its ground-truth mask, and the version line says so.
      version: { engine: 'expert labels + measured CIELAB', model: `TonguExpert ${TONGUE_ID}` },
      photo: tonguePhoto,
      outline: tm.outline,
      features: [
        { name: 'tongue.bodyColour', value: tr('淡红', 'Light red'), evidence: `${lab}` },
        {
          name: 'tongue.coatingColour',
          value: tr('黄', 'Yellow'),
          evidence: tr('苔区 b* 较舌体高 9.6', 'Coating b* 9.6 above the body'),
        },
        {
          name: 'tongue.greasy',
          value: tr('腻', 'Greasy'),
          evidence: tr('苔覆盖率 62%，颗粒细密', 'Coating covers 62 %, fine dense texture'),
        },
        {
          name: 'tongue.cracks',
          value: tr('轻度', 'Light'),
          evidence: tr('中线裂纹 1 条，长 18 px', 'One midline crack, 18 px long'),
        },
        {
          name: 'tongue.toothMarks',
          value: tr('轻度', 'Light'),
          evidence: tr('侧缘凹陷指数 0.21', 'Edge indentation index 0.21'),
        },
      ],
      summary: tr(
        '舌淡红、苔黄腻，提示湿热倾向；轻度齿痕提示脾虚夹湿可能。',
        'A light-red tongue with a yellow greasy coating suggests damp-heat; light tooth marks suggest spleen deficiency with damp.',
      ),
    },
    ...(await engineSections(lang)),
    constitution: {
      version: { engine: 'constitution@1.0.0', model: 'ZYYXH/T157-2009' },
      scores: [
        { type: 'balanced', score: 56.3, verdict: 'no' },
        { type: 'qiDeficiency', score: 28.1, verdict: 'no' },
        { type: 'yangDeficiency', score: 10.7, verdict: 'no' },
        { type: 'yinDeficiency', score: 21.9, verdict: 'no' },
        { type: 'phlegmDamp', score: 53.1, verdict: 'yes' },
        { type: 'dampHeat', score: 45.8, verdict: 'yes' },
        { type: 'bloodStasis', score: 32.1, verdict: 'tendency' },
        { type: 'qiStagnation', score: 17.9, verdict: 'no' },
        { type: 'inherited', score: 7.1, verdict: 'no' },
      ],
      summary: tr(
        '提示：痰湿质兼湿热质，有血瘀质倾向。',
        'Suggests a phlegm-damp and damp-heat constitution, tending to blood stasis.',
      ),
    },
    syndromes: {
      version: { engine: 'synthesis@1.0.0', model: 'kb-2026.11-2' },
      patterns: [
        {
          name: tr('湿热蕴脾', 'Damp-heat in the spleen'),
          score: 72,
          confidence: 0.68,
          evidence: [
            tr('苔黄腻', 'Yellow greasy coating'),
            tr('数脉', 'Rapid pulse'),
            tr('湿热质 45.8', 'Damp-heat constitution 45.8'),
          ],
        },
        {
          name: tr('痰湿内阻', 'Internal phlegm-damp'),
          score: 61,
          confidence: 0.55,
          evidence: [
            tr('痰湿质 53.1', 'Phlegm-damp constitution 53.1'),
            tr('BMI 25.4', 'BMI 25.4'),
            tr('甘油三酯 2.05', 'Triglycerides 2.05'),
          ],
        },
        {
          name: tr('脾虚湿困', 'Spleen deficiency with damp'),
          score: 44,
          confidence: 0.37,
          evidence: [tr('轻度齿痕', 'Light tooth marks'), tr('滑脉倾向', 'Tends to slippery pulse')],
        },
      ],
      summary: tr(
        '四诊合参提示湿热蕴脾倾向较明显，建议结合医生面诊确认。',
        'Taken together the four diagnostics suggest damp-heat in the spleen; please confirm with a physician.',
      ),
    },
    advice: {
      groups: [
        {
          category: 'advice.diet',
          items: [
            tr(
              '饮食清淡，少食肥甘厚味、辛辣及甜饮。',
              'Eat light food; limit fatty, rich, spicy food and sweet drinks.',
            ),
            tr(
              '可适量食用薏米、赤小豆、冬瓜、绿豆。',
              'Job’s tears, adzuki beans, winter melon and mung beans are suitable.',
            ),
          ],
        },
        {
          category: 'advice.lifestyle',
          items: [
            tr(
              '避免久居潮湿环境，保持作息规律，23 点前入睡。',
              'Avoid damp surroundings, keep regular hours and sleep before 23:00.',
            ),
          ],
        },
        {
          category: 'advice.exercise',
          items: [
            tr(
              '每周至少 150 分钟中等强度运动，如快走、八段锦。',
              'At least 150 minutes of moderate exercise a week, e.g. brisk walking or Baduanjin.',
            ),
          ],
        },
        {
          category: 'advice.acupoints',
          items: [tr('按揉足三里、阴陵泉、丰隆，每穴 3 分钟。', 'Massage ST36, SP9 and ST40, three minutes each.')],
        },
        {
          category: 'advice.teas',
          items: [
            tr(
              '荷叶茯苓茶：荷叶 5 g、茯苓 10 g，沸水冲泡代茶饮。',
              'Lotus leaf and poria tea: 5 g lotus leaf, 10 g poria, steeped in boiling water.',
            ),
          ],
        },
      ],
    },
    trends: {
      series: [
        {
          indicator: 'vitals.glucose',
          unit: 'mmol/L',
          reference: { low: 3.9, high: 6.0 },
          points: [
            { date: '2026-03-10', value: 5.6 },
            { date: '2026-05-12', value: 5.9 },
            { date: '2026-07-08', value: 6.1 },
            { date: '2026-09-15', value: 6.2 },
            { date: '2026-11-22', value: 6.4 },
          ],
        },
        {
          indicator: 'vitals.systolic',
          unit: 'mmHg',
          reference: { low: 90, high: 120 },
          points: [
            { date: '2026-03-10', value: 124 },
            { date: '2026-05-12', value: 128 },
            { date: '2026-07-08', value: 126 },
            { date: '2026-09-15', value: 135 },
            { date: '2026-11-22', value: 132 },
          ],
        },
        {
          indicator: 'vitals.uricAcid',
          unit: 'µmol/L',
          reference: { high: 360 },
          points: [
            { date: '2026-03-10', value: 352 },
            { date: '2026-05-12', value: 371 },
            { date: '2026-07-08', value: 389 },
            { date: '2026-09-15', value: 398 },
            { date: '2026-11-22', value: 412 },
          ],
        },
        {
          indicator: 'vitals.weight',
          unit: 'kg',
          points: [
            { date: '2026-03-10', value: 64.8 },
            { date: '2026-05-12', value: 65.9 },
            { date: '2026-07-08', value: 66.2 },
            { date: '2026-09-15', value: 67.1 },
            { date: '2026-11-22', value: 67.5 },
          ],
        },
      ],
    },
  };
}

const medicalRecord: MedicalRecordInput = {
  kind: 'medical-record',
  header: {
    organisation: '杭州明德中医门诊部',
    reportId: 'MR-2026-003871',
    date: '2026-11-22T10:15:00+08:00',
    language: 'zh',
    department: '中医内科',
    person: { name: '陈建国', sex: 'male', age: 47, id: 'P-00218' },
  },
  visit: { type: 'followUp', number: 2 },
  chiefComplaint: '脘腹胀满、纳呆 3 月余，加重伴口苦 1 周。',
  presentIllness:
    '患者 3 月前因饮食不节出现脘腹胀满，食后尤甚，纳差，大便黏滞不爽，日 1–2 行。1 周前饮酒后症状加重，伴口苦口黏，小便黄。初诊予三仁汤加减 7 剂，胀满稍减，仍口苦。',
  history: '高尿酸血症 2 年，未规律服药。否认糖尿病、冠心病史。无药物过敏史。',
  fourDiagnosis: {
    inspection: '形体偏胖，面色略黄而有油光；舌质红，苔黄厚腻，舌边轻度齿痕。',
    listening: '语声洪亮，口气臭秽。',
    inquiry: '脘腹胀满，纳呆，口苦口黏，渴不多饮，身重困倦，大便黏滞，小便黄，夜寐尚可。',
    palpation: '脉滑数，脉率 92 次/分。腹软，中脘轻压痛。',
  },
  diagnosis: { tcmDisease: '痞满', tcmSyndrome: '湿热蕴脾证', western: ['功能性消化不良', '高尿酸血症'] },
  treatmentPrinciple: '清热化湿，理气和中。',
  prescription: {
    name: '连朴饮合三仁汤加减',
    doses: 7,
    herbs: [
      { name: '黄连', doseG: 6 },
      { name: '厚朴', doseG: 10 },
      { name: '石菖蒲', doseG: 10 },
      { name: '法半夏', doseG: 9 },
      { name: '栀子', doseG: 10 },
      { name: '淡豆豉', doseG: 10 },
      { name: '芦根', doseG: 30 },
      { name: '杏仁', doseG: 10, note: '后下' },
      { name: '白蔻仁', doseG: 6, note: '后下' },
      { name: '薏苡仁', doseG: 30 },
      { name: '滑石', doseG: 18, note: '包煎' },
      { name: '茯苓', doseG: 15 },
      { name: '陈皮', doseG: 10 },
      { name: '炒麦芽', doseG: 15 },
    ],
    preparation: '每日 1 剂，水煎 2 次，每次 30 分钟，合取汁约 400 mL；后下药于煎煮结束前 5 分钟加入，滑石布包同煎。',
    usage: '分早晚 2 次饭后温服。',
  },
  advice: '忌酒及辛辣油腻，控制高嘌呤饮食；每日饮水 2000 mL 以上；1 周后复诊，复查血尿酸。',
  doctor: { name: '李明远', title: '副主任中医师', signedAt: '2026-11-22' },
};

/** Writes a model as prettier-formatted JSON (the repository's lint checks every JSON file). */
async function writeModel(name: string, model: unknown) {
  const url = new URL(name, OUT);
  const options = (await resolveConfig(fileURLToPath(url))) ?? {};
  await writeFile(url, await format(JSON.stringify(model), { ...options, parser: 'json' }));
}

async function main() {
  for (const lang of ['zh', 'en'] as const) await writeModel(`full-report.${lang}.json`, await healthReport(lang));
  await writeModel('medical-record.zh.json', medicalRecord);
}

await main();
