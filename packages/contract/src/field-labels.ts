/**
 * Words for the fields a validation message may name, keyed by the field's own key (the last
 * name of its path). A message names a field only when this table knows it; an unknown key is
 * left out rather than shown as written in code (issue 32: no field path reaches a reader).
 * Keys shared by several forms (name, remark) get the word that fits all of them.
 */
export const FIELD_LABELS: Record<string, { zh: string; en: string }> = {
  // Patient of a case (archive).
  name: { zh: '名称', en: 'Name' },
  sex: { zh: '性别', en: 'Sex' },
  birthDate: { zh: '出生日期', en: 'Date of birth' },
  phone: { zh: '电话', en: 'Phone' },
  idNumber: { zh: '证件号', en: 'ID number' },
  pregnant: { zh: '妊娠', en: 'Pregnancy' },
  remark: { zh: '备注', en: 'Remark' },
  groupId: { zh: '分组', en: 'Group' },
  // Visit.
  visitDate: { zh: '就诊日期', en: 'Visit date' },
  chiefComplaint: { zh: '主诉', en: 'Chief complaint' },
  presentIllness: { zh: '现病史', en: 'Present illness' },
  pastHistory: { zh: '既往史', en: 'Past history' },
  inspection: { zh: '望诊', en: 'Inspection' },
  listening: { zh: '闻诊', en: 'Listening and smelling' },
  inquiry: { zh: '问诊', en: 'Inquiry' },
  palpation: { zh: '切诊', en: 'Palpation' },
  tcmDisease: { zh: '中医病名', en: 'TCM disease' },
  tcmSyndrome: { zh: '中医证型', en: 'TCM syndrome' },
  western: { zh: '西医诊断', en: 'Western diagnosis' },
  treatmentPrinciple: { zh: '治则治法', en: 'Treatment principle' },
  advice: { zh: '医嘱', en: 'Advice' },
  outcome: { zh: '转归', en: 'Outcome' },
  herbs: { zh: '药味', en: 'Herbs' },
  dose: { zh: '剂量', en: 'Dose' },
  doses: { zh: '剂数', en: 'Number of doses' },
  usage: { zh: '用法', en: 'Usage' },
  // Inquiry templates and forms.
  description: { zh: '说明', en: 'Description' },
  sections: { zh: '分节', en: 'Sections' },
  questions: { zh: '问题', en: 'Questions' },
  options: { zh: '选项', en: 'Options' },
  answers: { zh: '回答', en: 'Answers' },
  label: { zh: '文字', en: 'Text' },
  title: { zh: '标题', en: 'Title' },
  hours: { zh: '有效时长', en: 'Valid for' },
  // Vitals.
  heightCm: { zh: '身高', en: 'Height' },
  weightKg: { zh: '体重', en: 'Weight' },
  systolic: { zh: '收缩压', en: 'Systolic pressure' },
  diastolic: { zh: '舒张压', en: 'Diastolic pressure' },
  pulseRate: { zh: '脉率', en: 'Pulse rate' },
  heartRate: { zh: '心率', en: 'Heart rate' },
  spo2: { zh: '血氧饱和度', en: 'Oxygen saturation' },
  glucose: { zh: '空腹血糖', en: 'Fasting glucose' },
  tg: { zh: '甘油三酯', en: 'Triglycerides' },
  tc: { zh: '总胆固醇', en: 'Total cholesterol' },
  hdl: { zh: '高密度脂蛋白胆固醇', en: 'HDL cholesterol' },
  ldl: { zh: '低密度脂蛋白胆固醇', en: 'LDL cholesterol' },
  uricAcid: { zh: '尿酸', en: 'Uric acid' },
  // Accounts and common forms.
  loginName: { zh: '登录名', en: 'Login name' },
  password: { zh: '密码', en: 'Password' },
  email: { zh: '邮箱', en: 'Email' },
  content: { zh: '内容', en: 'Content' },
  company: { zh: '公司', en: 'Company' },
  contact: { zh: '联系人', en: 'Contact person' },
  page: { zh: '页码', en: 'Page' },
  size: { zh: '每页条数', en: 'Page size' },
  search: { zh: '搜索词', en: 'Search term' },
  scene: { zh: '二维码', en: 'QR code' },
};

/** The word for the field at `path` (its last named key), or null when the table has none. */
export function fieldLabel(path: readonly PropertyKey[], lang: 'zh' | 'en'): string | null {
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i];
    if (typeof key === 'string') return FIELD_LABELS[key]?.[lang] ?? null;
  }
  return null;
}
