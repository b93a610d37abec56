/**
 * Writes the example models under examples/: the health report in zh and en is a record's PDF
 * model made as the server makes one, the analysis pipeline on real captures of the shared data
 * and the report mapping (`exampleReport` in example-data.ts); the medical record is a doctor's
 * hand-written outpatient record (free text, no engine finding in it). Run:
 * `npm run examples -w @tcm/report`.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { MedicalRecordInput } from '@tcm/contract';
import { exampleReport, exampleResults } from './example-data.js';

const OUT = new URL('../examples/', import.meta.url);

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
  const record = await exampleResults();
  for (const lang of ['zh', 'en'] as const)
    await writeModel(`full-report.${lang}.json`, await exampleReport(lang, record));
  await writeModel('medical-record.zh.json', medicalRecord);
}

await main();
