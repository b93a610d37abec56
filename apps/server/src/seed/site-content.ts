/**
 * The public site's pages as first content of the CMS (docs/site.md), in zh and en. Facts stated
 * here carry their sources, which a visitor reads under the page: published works and standards,
 * never the project's own files (issue 34). Editors
 * change everything afterwards in the back office (内容管理); the seed never overwrites a page.
 */
import { FOOTER_SEED } from './site-footer-pages.js';

export interface SeedPage {
  name: string;
  zh: { title: string; summary: string; body: string };
  en: { title: string; summary: string; body: string };
  sources: string[];
}

const P = (...lines: string[]) => lines.map((l) => `<p style="text-indent: 2em">${l}</p>`).join('');

const TONGUE_DATA =
  'Li et al., "TonguExpert", Phenomics 2025, doi:10.1007/s43657-024-00210-9 (public tongue image database used to build and test the engine)';
/** The standards the health-state identification follows (its engines cite the same ones). */
const CONSTITUTION_STANDARD = '中华中医药学会 ZYYXH/T157-2009《中医体质分类与判定》';
const DIAGNOSTICS_TEXTBOOK =
  '李灿东, 吴承玉 主编.《中医诊断学》(全国中医药行业高等教育“十三五”规划教材). 北京: 中国中医药出版社, 2016';
const WHO_TERMS =
  'WHO Regional Office for the Western Pacific, WHO International Standard Terminologies on Traditional Medicine in the Western Pacific Region, 2007';

export const SITE_PAGES: SeedPage[] = [
  // The footer's contact, privacy and terms pages (issue 34 item 3).
  ...FOOTER_SEED,
  {
    name: 'guanyuwomen',
    zh: {
      title: '关于我们',
      summary: '一个开放的中医健康评估平台。',
      body: P(
        '本平台是开放的中医健康评估平台：舌象、面象、脉象、声音与问卷采集后，由平台的分析引擎给出可解释的结果，并生成 PDF 报告；医生可在平台上保存医案。',
        '平台的分析结果仅供健康管理与医生参考，不能代替医生的诊断。',
      ),
    },
    en: {
      title: 'About us',
      summary: 'An open platform for TCM health assessment.',
      body: P(
        "This is an open platform for Traditional Chinese Medicine (TCM) health assessment: tongue and face photos, pulse, voice and a questionnaire are analyzed by the platform's engines into explained results and a PDF report; physicians keep case archives on it.",
        "Results support health management and physicians; they do not replace a physician's diagnosis.",
      ),
    },
    sources: [],
  },
  {
    name: 'information',
    zh: {
      title: '平台资讯',
      summary: '平台能做什么，怎样使用。',
      body: P(
        '访客可在“舌象检测”页面上传一张舌头照片（PNG、JPG、JPEG 或 BMP，不超过 10M），几分钟内得到舌色、苔色、苔厚、裂纹、齿痕等特征和健康报告。',
        '团队会员、医生与科研人员从各自的入口登录，使用记录、医案和研究功能。',
      ),
    },
    en: {
      title: 'Platform information',
      summary: 'What the platform does and how to use it.',
      body: P(
        'On the tongue detection page a visitor uploads one tongue photo (PNG, JPG, JPEG or BMP, at most 10 MB) and gets body color, coating color and thickness, cracks, tooth marks and a health report within minutes.',
        'Team members, physicians and researchers sign in through their own entrances for records, case archives and research.',
      ),
    },
    sources: [TONGUE_DATA],
  },
  {
    name: 'shexiangyujibingyanjiu',
    zh: {
      title: '舌象与疾病研究',
      summary: '舌诊是中医望诊的重要内容。',
      body: P(
        '舌诊通过观察舌质（舌色、舌形）与舌苔（苔色、苔质）了解身体状况，是中医望诊的重要组成部分。',
        '平台的舌象引擎在公开的 TonguExpert 舌象数据库上建立和检验；研究人员可在“数据池”中用平台记录开展研究。',
      ),
    },
    en: {
      title: 'Tongue and disease research',
      summary: 'Tongue inspection is a core part of TCM inspection.',
      body: P(
        'Tongue diagnosis observes the tongue body (color, shape) and its coating (color, texture) to learn about the state of the body; it is a core part of inspection in TCM.',
        "The platform's tongue engine was built and tested on the public TonguExpert tongue image database; researchers study platform records in data pools.",
      ),
    },
    sources: [WHO_TERMS, TONGUE_DATA],
  },
  {
    name: 'jiankangzhuangtaibianshi',
    zh: {
      title: '健康状态辨识',
      summary: '四诊信息合参，辨识体质与健康状态。',
      body: P(
        '平台将舌象、面象、脉象、声音和体质问卷的结果合在一起，给出体质与健康状态的辨识及调养建议，每条结论都列出依据。',
        '辨识结果用于健康管理，疾病诊断请咨询医生。',
      ),
    },
    en: {
      title: 'Health state identification',
      summary: 'The four examinations together identify constitution and health state.',
      body: P(
        'The platform combines the tongue, face, pulse, voice and constitution questionnaire results into a constitution and health-state identification with advice; each conclusion lists its evidence.',
        'It serves health management; for a diagnosis of disease, consult a physician.',
      ),
    },
    sources: [CONSTITUTION_STANDARD, DIAGNOSTICS_TEXTBOOK, 'GB/T 16751.2-2021《中医临床诊疗术语 第2部分：证候》'],
  },
  {
    name: 'shezhenshixun',
    zh: {
      title: '舌诊实训',
      summary: '面向学员的舌诊练习。',
      body: P('实训账号从“实训登录”入口进入，按平台的舌象图片练习舌色、苔色等特征的判读，并与专家标注对照。'),
    },
    en: {
      title: 'Tongue diagnosis training',
      summary: 'Tongue reading practice for students.',
      body: P(
        'Training accounts sign in through the training entrance and practise reading tongue color, coating and other features on tongue photos, compared with expert labels.',
      ),
    },
    sources: [TONGUE_DATA],
  },
  {
    name: 'ertongshezhen',
    zh: {
      title: '儿童舌诊',
      summary: '儿童舌诊与成人有何不同，使用哪个引擎。',
      body: P(
        '儿童脏腑娇嫩，舌质多较淡红而嫩、舌苔多较薄，且易受饮食（如牛奶、有色食物）影响出现染苔；判读时应结合年龄和近期饮食。',
        '本页使用与“舌象检测”相同的舌象引擎（tongue-1.0.0），没有专门的儿童模型；记录标为“儿童”，以便医生和研究人员区分。请家长在明亮自然光下协助孩子伸舌拍照，结果仅供家长与医生参考。',
      ),
    },
    en: {
      title: 'Child tongue diagnosis',
      summary: 'What differs for children, and which engine this page uses.',
      body: P(
        "Children's tongues are usually a tender pale red with a thinner coating, and food (milk, colored foods) easily stains the coating; a reading should take age and recent meals into account.",
        'This page uses the same tongue engine as tongue detection (tongue-1.0.0); there is no separate child model. Records are marked "child" so physicians and researchers can tell them apart. A parent should help the child put the tongue out in bright daylight; results are for parents\' and physicians\' reference.',
      ),
    },
    sources: ['《中医儿科学》全国中医药行业高等教育规划教材（舌诊：小儿舌象特点）', TONGUE_DATA],
  },
  {
    name: 'xinguanshezhen',
    zh: {
      title: '新冠舌诊',
      summary: '与新冠相关的舌象观察，使用哪个引擎。',
      body: P(
        '国家卫生健康委员会《新型冠状病毒肺炎诊疗方案（试行第九版）》的中医治疗部分按证型描述了舌象，如寒湿郁肺证“舌质淡胖齿痕或淡红，苔白厚腐腻或白腻”。',
        '本页使用与“舌象检测”相同的舌象引擎（tongue-1.0.0），观察舌色、苔色、苔厚与腻苔的变化，没有专门的新冠模型，不能诊断新冠；发热、咳嗽等症状请及时就医。',
      ),
    },
    en: {
      title: 'COVID-19 tongue observation',
      summary: 'Tongue observation related to COVID-19, and which engine this page uses.',
      body: P(
        'The TCM part of the National Health Commission\'s COVID-19 Diagnosis and Treatment Protocol (trial 9th edition) describes the tongue per syndrome, e.g. cold-dampness obstructing the lung: "pale, enlarged tongue with tooth marks or pale red, white thick curdy or white greasy coating".',
        'This page uses the same tongue engine as tongue detection (tongue-1.0.0) to observe body color, coating color, thickness and greasiness; there is no separate COVID-19 model and it cannot diagnose COVID-19. With fever, cough or other symptoms, see a doctor.',
      ),
    },
    sources: ['国家卫生健康委员会、国家中医药管理局《新型冠状病毒肺炎诊疗方案（试行第九版）》, 2022', TONGUE_DATA],
  },
  {
    name: 'zhongyishiAIzhushou',
    zh: {
      title: '中医师 AI 助手',
      summary: '面向医师的问答助手，回答附依据。',
      body: P(
        '中医师 AI 助手基于平台自己的中医知识库（舌象、脉象、面色征象，证候，体质，常见病证型，中药与方剂）回答医师的问题，并列出所用条目及其出处。医生账号登录后即可使用；回答仅供辅助决策参考。',
      ),
    },
    en: {
      title: 'AI assistant for physicians',
      summary: 'A question-answering assistant for physicians, with its sources.',
      body: P(
        "The AI assistant answers physicians' questions from the platform's own TCM knowledge base (tongue, pulse and face signs, syndrome patterns, constitutions, disease patterns, herbs and formulas) and lists the entries it used with their references. Doctor accounts use it once signed in; answers are decision support.",
      ),
    },
    sources: [],
  },
  {
    name: 'unsubscribe-post',
    zh: {
      title: '退订',
      summary: '退订平台消息。',
      body: P('如不再希望收到平台的消息推送，请通过页面底部的联系方式告诉我们，我们会在收到后停止发送。'),
    },
    en: {
      title: 'Unsubscribe',
      summary: 'Stop platform messages.',
      body: P(
        'If you no longer want messages from the platform, tell us through the contact details at the foot of the page and we will stop sending them.',
      ),
    },
    sources: [],
  },
];
