import { SCORE_SCALES, VOCABULARY, type ReportLanguage } from '@tcm/contract';

type Entry = { readonly zh: string; readonly en: string };

/**
 * The fixed texts of the PDFs (titles, headings, columns), in zh and en. The words of engine
 * results (features, labels, classes, types, verdicts, risk levels, measures) are the contract's
 * vocabulary: model fields typed as `label` may name a key of this dictionary or a vocabulary id
 * (`tongue.feature.bodyColor`, `constitution.type.balanced`); anything else is printed as written.
 */
export const LABELS = {
  'report.title': { zh: '中医健康评估报告', en: 'TCM Health Assessment Report' },
  'record.title': { zh: '中医门诊病历', en: 'TCM Outpatient Medical Record' },
  'header.name': { zh: '姓名', en: 'Name' },
  'header.sex': { zh: '性别', en: 'Sex' },
  'header.age': { zh: '年龄', en: 'Age' },
  'header.date': { zh: '日期', en: 'Date' },
  'header.reportId': { zh: '报告编号', en: 'Report No.' },
  'header.personId': { zh: '档案号', en: 'Record No.' },
  'header.department': { zh: '科别', en: 'Department' },
  'header.visit': { zh: '就诊', en: 'Visit' },
  'sex.male': { zh: '男', en: 'Male' },
  'sex.female': { zh: '女', en: 'Female' },
  'age.years': { zh: '{n} 岁', en: '{n} years' },
  'page.of': { zh: '第 {p} 页 / 共 {n} 页', en: 'Page {p} of {n}' },
  'footer.note': {
    zh: '本报告提示健康倾向，不作为医学诊断',
    en: 'Suggests health tendencies; not a medical diagnosis',
  },

  'section.vitals': { zh: '生命体征与检验指标', en: 'Vital signs and laboratory values' },
  'section.tongue': { zh: '舌诊', en: 'Tongue inspection' },
  'section.face': { zh: '面诊', en: 'Face inspection' },
  'section.pulse': { zh: '脉诊', en: 'Pulse' },
  'section.voice': { zh: '闻诊（声音）', en: 'Voice' },
  'section.constitution': { zh: '体质辨识', en: 'Constitution' },
  'section.syndromes': { zh: '证候倾向', en: 'Syndrome patterns' },
  'section.advice': { zh: '调养建议', en: 'Health advice' },
  'section.trends': { zh: '健康趋势', en: 'Health trends' },
  'section.disclaimer': { zh: '说明', en: 'Notice' },
  'section.missing': { zh: '本报告缺少的项目', en: 'Missing from this report' },
  'missing.note': {
    zh: '以下项目未能完成分析，报告中没有它们的结果；其余结果不受影响，但综合判断缺少这些依据。',
    en: 'These parts could not be analyzed and their results are not in this report; the other results stand, but the overall assessment lacks them.',
  },
  'missing.unknown': { zh: '未能完成分析', en: 'Could not be analyzed' },

  'col.indicator': { zh: '指标', en: 'Indicator' },
  'col.value': { zh: '结果', en: 'Result' },
  'col.unit': { zh: '单位', en: 'Unit' },
  'col.reference': { zh: '参考范围', en: 'Reference' },
  'col.risk': { zh: '风险', en: 'Risk' },
  'col.reason': { zh: '说明', en: 'Note' },
  'col.feature': { zh: '特征', en: 'Feature' },
  'col.evidence': { zh: '依据', en: 'Evidence' },
  'col.parameter': { zh: '参数', en: 'Parameter' },
  'col.measure': { zh: '测量项', en: 'Measure' },
  'col.type': { zh: '体质类型', en: 'Constitution' },
  'col.score': { zh: '得分', en: 'Score' },
  'col.verdict': { zh: '判定', en: 'Verdict' },
  'col.pattern': { zh: '证候', en: 'Pattern' },
  'col.confidence': { zh: '置信度', en: 'Confidence' },

  'vitals.height': { zh: '身高', en: 'Height' },
  'vitals.weight': { zh: '体重', en: 'Weight' },
  'vitals.bmi': { zh: '体重指数 BMI', en: 'Body mass index' },
  'vitals.systolic': { zh: '收缩压', en: 'Systolic pressure' },
  'vitals.diastolic': { zh: '舒张压', en: 'Diastolic pressure' },
  'vitals.pulse': { zh: '脉搏', en: 'Pulse' },
  'vitals.heartRate': { zh: '心率', en: 'Heart rate' },
  'vitals.spo2': { zh: '血氧饱和度', en: 'Blood oxygen (SpO2)' },
  'vitals.glucose': { zh: '空腹血糖', en: 'Fasting glucose' },
  'vitals.triglycerides': { zh: '甘油三酯', en: 'Triglycerides' },
  'vitals.cholesterol': { zh: '总胆固醇', en: 'Total cholesterol' },
  'vitals.uricAcid': { zh: '尿酸', en: 'Uric acid' },
  'vitals.hdl': { zh: '高密度脂蛋白胆固醇', en: 'HDL cholesterol' },
  'vitals.ldl': { zh: '低密度脂蛋白胆固醇', en: 'LDL cholesterol' },
  'vitals.source': { zh: '参考范围来源', en: 'Reference source' },

  'tongue.outline': { zh: '绿色轮廓为舌体分割结果', en: 'Green outline: segmented tongue body' },

  // The scale's direction comes from the contract, as on the result page.
  'face.skinScores': SCORE_SCALES['face.metric.spots'].scale,
  'face.lowConfidence': { zh: '可信度低', en: 'low confidence' },
  'face.lowConfidenceNote': {
    zh: '标注“可信度低”的指标在曝光、白平衡、压缩或角度稍有变化时,变化幅度可超过人与人之间的差异(见面诊引擎重复性参考)。',
    en: 'Scores marked "low confidence" can change more with a small change of exposure, white balance, compression or angle than they differ between people (face engine repeatability reference).',
  },

  'pulse.waveform': { zh: '脉搏波形', en: 'Pulse waveform' },
  'pulse.time': { zh: '时间（s）', en: 'Time (s)' },
  'pulse.class': { zh: '脉象', en: 'Pulse class' },
  'pulse.rate': { zh: '脉率', en: 'Pulse rate' },
  'pulse.rhythm': { zh: '节律', en: 'Rhythm' },
  'pulse.sdnn': { zh: '心率变异 SDNN', en: 'HRV SDNN' },
  'pulse.rmssd': { zh: '心率变异 RMSSD', en: 'HRV RMSSD' },

  'voice.f0Mean': { zh: '基频均值', en: 'Mean F0' },
  'voice.f0Sd': { zh: '基频标准差', en: 'F0 standard deviation' },
  'voice.jitter': { zh: '频率微扰（jitter）', en: 'Jitter (local)' },
  'voice.shimmer': { zh: '振幅微扰（shimmer）', en: 'Shimmer (local)' },
  'voice.hnr': { zh: '谐噪比', en: 'Harmonics-to-noise ratio' },
  'voice.intensity': { zh: '声强', en: 'Intensity' },
  'voice.voicedFraction': { zh: '浊音比例', en: 'Voiced fraction' },
  'voice.reading': { zh: '声音特点', en: 'Reading' },

  'constitution.standard': { zh: '依据 ZYYXH/T157-2009 转化分', en: 'Transformed scores, ZYYXH/T157-2009' },

  'advice.diet': { zh: '饮食', en: 'Diet' },
  'advice.lifestyle': { zh: '起居', en: 'Lifestyle' },
  'advice.exercise': { zh: '运动', en: 'Exercise' },
  'advice.emotion': { zh: '情志', en: 'Emotions' },
  'advice.acupoints': { zh: '穴位保健', en: 'Acupoints' },
  'advice.teas': { zh: '茶饮', en: 'Teas' },

  'version.engine': { zh: '引擎', en: 'Engine' },
  'version.model': { zh: '模型', en: 'Model' },
  'disclaimer.text': {
    zh: '本报告由中医四诊信息采集与分析系统生成，所列结果仅提示健康倾向，供健康管理及医生参考，不构成医学诊断，不能替代执业医师的面诊。如有不适或指标异常，请及时就医。',
    en: 'This report was generated by a TCM four-diagnosis assessment system. Its results suggest health tendencies for health management and for review by a physician; they are not a medical diagnosis and do not replace a consultation with a licensed doctor. Please see a doctor if you feel unwell or if any value is abnormal.',
  },

  'record.patient': { zh: '患者信息', en: 'Patient' },
  'record.visit.first': { zh: '初诊', en: 'First visit' },
  'record.visit.followUp': { zh: '复诊', en: 'Follow-up' },
  'record.visitNumber': { zh: '第 {n} 次就诊', en: 'visit {n}' },
  'record.historySection': { zh: '病史', en: 'History' },
  'record.chiefComplaint': { zh: '主诉', en: 'Chief complaint' },
  'record.presentIllness': { zh: '现病史', en: 'Present illness' },
  'record.history': { zh: '既往史', en: 'Past history' },
  'record.fourDiagnosis': { zh: '四诊摘要', en: 'Four-diagnosis findings' },
  'record.inspection': { zh: '望诊', en: 'Inspection' },
  'record.listening': { zh: '闻诊', en: 'Listening and smelling' },
  'record.inquiry': { zh: '问诊', en: 'Inquiry' },
  'record.palpation': { zh: '切诊', en: 'Palpation' },
  'record.diagnosis': { zh: '诊断', en: 'Diagnosis' },
  'record.tcmDisease': { zh: '中医病名', en: 'TCM disease' },
  'record.tcmSyndrome': { zh: '中医证型', en: 'TCM syndrome' },
  'record.western': { zh: '西医诊断', en: 'Western diagnosis' },
  'record.treatmentPrinciple': { zh: '治法', en: 'Treatment principle' },
  'record.prescription': { zh: '处方', en: 'Prescription' },
  'record.doses': { zh: '共 {n} 剂', en: '{n} doses' },
  'record.preparation': { zh: '煎服法', en: 'Preparation' },
  'record.usage': { zh: '用法', en: 'Usage' },
  'record.warnings': { zh: '用药警示', en: 'Prescription warnings' },
  'record.acknowledged': { zh: '医师确认', en: 'Acknowledged' },
  'record.ackLine': { zh: '{by} 于 {at} 确认，理由：{reason}', en: 'by {by} on {at}, reason: {reason}' },
  'record.advice': { zh: '医嘱', en: 'Advice' },
  'record.doctor': { zh: '医师', en: 'Physician' },
  'record.signedAt': { zh: '签名日期', en: 'Signed on' },
  'record.signature': { zh: '医师签名', en: 'Signature' },
  'disease.title': { zh: '慢病风险筛查报告', en: 'Chronic Disease Risk Screening' },
  'disease.unnamed': { zh: '未署名', en: 'Unnamed' },
  'disease.result': { zh: '筛查结果', en: 'Screening result' },
  'disease.disease': { zh: '疾病', en: 'Disease' },
  'disease.level': { zh: '风险等级', en: 'Risk level' },
  'disease.risk': { zh: '风险指数', en: 'Risk index' },
  'disease.points': { zh: '得分', en: 'Points' },
  'disease.coverage': { zh: '四诊覆盖', en: 'Coverage' },
  'disease.missing': { zh: '未提供的资料：', en: 'Not provided: ' },
  'disease.modality.tongue': { zh: '舌诊', en: 'tongue' },
  'disease.modality.face': { zh: '面诊', en: 'face' },
  'disease.modality.pulse': { zh: '脉诊', en: 'pulse' },
  'disease.modality.voice': { zh: '闻诊', en: 'voice' },
  'disease.modality.inquiry': { zh: '体质问卷', en: 'constitution questionnaire' },
  'disease.modality.vitals': { zh: '体征指标', en: 'vital signs' },
  'disease.evidence': { zh: '依据', en: 'Evidence' },
  'disease.noEvidence': { zh: '未发现与该病相关的表现。', en: 'No sign linked to this disease was found.' },
  'disease.item': { zh: '表现或回答', en: 'Finding or answer' },
  'disease.confidence': { zh: '置信度', en: 'Confidence' },
  'disease.contribution': { zh: '贡献', en: 'Contribution' },
  'disease.share': { zh: '占比', en: 'Share' },
  'disease.source': { zh: '来源', en: 'Source' },
  'disease.patterns': { zh: '常见证型契合度', en: 'Fit of the common patterns' },
  'disease.pattern': { zh: '证型', en: 'Pattern' },
  'disease.patternFit': { zh: '契合度', en: 'Fit' },
  'disease.advice': { zh: '建议', en: 'Advice' },
  'disease.disclaimer': {
    zh: '本筛查为辅助决策参考，提示与该病相关的表现，不构成诊断；请由医生结合检查结果判断。',
    en: 'This screening is decision support: it points out signs linked to the disease and is not a diagnosis; a doctor decides with the proper tests.',
  },

  'certificate.title': { zh: '舌诊实训结业证书', en: 'Certificate of Completion: Tongue Diagnosis Training' },
  'certificate.awarded': { zh: '兹证明', en: 'This certifies that' },
  'certificate.completed': { zh: '已完成课程', en: 'has completed the course' },
  'certificate.passed': {
    zh: '并以 {score} 分（及格线 {pass} 分）通过结业考试',
    en: 'and passed its final exam with a score of {score} (pass mark {pass})',
  },
  'certificate.date': { zh: '考试日期', en: 'Exam date' },
  'certificate.id': { zh: '证书编号', en: 'Certificate No.' },
} as const satisfies Record<string, Entry>;

export type LabelKey = keyof typeof LABELS;

const isKey = (s: string): s is LabelKey => Object.hasOwn(LABELS, s);

/** The label-value separator: full-width colon in Chinese, colon and space in English. */
export const colon = (lang: ReportLanguage): string => (lang === 'zh' ? '：' : ': ');

/**
 * Text of a dictionary key or a vocabulary id in `lang`, with `{name}` placeholders filled; other
 * strings pass through (ids only: the keys models used before the vocabulary, `tongue.bodyColour`,
 * are gone with issue 38, as every model is now made by the report mapping).
 */
export function label(lang: ReportLanguage, keyOrText: string, vars: Record<string, string | number> = {}): string {
  const raw = isKey(keyOrText)
    ? LABELS[keyOrText][lang]
    : Object.hasOwn(VOCABULARY, keyOrText)
      ? VOCABULARY[keyOrText]![lang]
      : keyOrText;
  return raw.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
