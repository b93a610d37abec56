/**
 * Head texts of the public site's pages (issue 22 item 7): the server writes them into the
 * index.html it answers for each public route (title, description, Open Graph) and lists the
 * pages in sitemap.xml. Titles follow the web app's route names; the platform's name is said in
 * the reader's language (issue 34 item 3; before, it stayed Chinese in English too).
 */
export type SiteLang = 'zh' | 'en';
export type Worded = Record<SiteLang, string>;

export interface SitePageMeta {
  /** Client route under /pc (the web app's route table). */
  path: string;
  /** Page name; null for the home, which carries the platform's name alone. */
  title: Worded | null;
  description: Worded;
  /** Listed in sitemap.xml (pages behind a token or meant for one person are not). */
  listed: boolean;
}

/** The platform's name in each language (the web app's `app.windowTitle`). */
export const SITE_NAMES: Worded = { zh: '中医智能舌诊开放平台', en: 'TCM Tongue Diagnosis Open Platform' };
/** The Chinese name, as before issue 34. */
export const SITE_NAME = SITE_NAMES.zh;

/**
 * The site pages its footer links to (issue 34 item 3), seeded in zh and en
 * (apps/server/src/seed/site-footer-pages.ts) and shown at /pages/{name}.
 */
export const FOOTER_PAGES = { contact: 'lianxiwomen', privacy: 'yinsizhengce', terms: 'fuwutiaokuan' } as const;

/** Query parameter that picks the language of a shared or crawled page (`hl=en`); `lang` is the report language of /checked/pdf. */
export const SITE_LANG_PARAM = 'hl';

const page = (path: string, title: Worded | null, description: Worded, listed = true): SitePageMeta => ({
  path,
  title,
  description,
  listed,
});

export const SITE_PAGES: readonly SitePageMeta[] = [
  page('/', null, {
    zh: '中医智能舌诊开放平台：上传舌象照片即可获得有依据的舌象分析，支持面象、脉象、声音与问卷，生成中英文报告。',
    en: 'Open platform for TCM tongue diagnosis: upload a tongue photo for an explained analysis, with face, pulse, voice and questionnaire, and a report in Chinese or English.',
  }),
  page(
    '/tongueAnalyze',
    { zh: '舌象分析', en: 'Tongue analysis' },
    {
      zh: '在线舌象分析：拍摄或上传舌象照片，查看舌色、苔色、齿痕等特征及其依据，并下载报告。',
      en: 'Online tongue analysis: take or upload a tongue photo, see its color, coating, tooth marks and other features with their evidence, and download the report.',
    },
  ),
  page(
    '/xinwendongtai',
    { zh: '新闻动态', en: 'News' },
    { zh: '中医智能舌诊开放平台的最新消息与动态。', en: 'The latest news of the TCM tongue diagnosis open platform.' },
  ),
  page(
    '/information',
    { zh: '资讯', en: 'Information' },
    { zh: '中医舌诊相关资讯与科普。', en: 'Information and background on TCM tongue diagnosis.' },
  ),
  page(
    '/shexiangyujibingyanjiu',
    { zh: '舌象与疾病研究', en: 'Tongue and disease research' },
    {
      zh: '舌象与疾病关联的研究工作、方法与成果。',
      en: 'Research on how tongue appearance relates to disease: methods and findings.',
    },
  ),
  page(
    '/jiankangzhuangtaibianshi',
    { zh: '舌象健康状态辨识', en: 'Tongue health-state identification' },
    {
      zh: '依据舌象与问卷辨识健康状态与体质倾向。',
      en: 'Identifying health state and constitution from the tongue and a questionnaire.',
    },
  ),
  page(
    '/shezhenshixun',
    { zh: '舌诊实训', en: 'Tongue diagnosis training' },
    {
      zh: '舌诊实训课程：以真实舌象练习辨识并获得反馈。',
      en: 'Tongue diagnosis training: practise reading real tongue photos and get feedback.',
    },
  ),
  page(
    '/zhongyishiAIzhushou',
    { zh: '中医师AI助手', en: 'AI assistant for physicians' },
    {
      zh: '面向中医师的AI助手，依据平台知识库回答证候、舌脉与方药问题，并给出来源。',
      en: "An AI assistant for TCM physicians answering on syndromes, tongue and pulse signs and herbs from the platform's knowledge base, with its sources.",
    },
  ),
  page(
    '/ertongshezhen',
    { zh: '儿童舌诊', en: 'Child tongue diagnosis' },
    {
      zh: '儿童舌诊：儿童舌象的特点、与成人的差异以及所用的分析引擎。',
      en: 'Tongue diagnosis for children: what differs from adults and which analysis engine is used.',
    },
  ),
  page(
    '/xinguanshezhen',
    { zh: '新冠舌诊', en: 'COVID tongue diagnosis' },
    {
      zh: '新冠相关舌象：观察要点、与一般舌诊的差异以及所用的分析引擎。',
      en: 'Tongue signs around COVID-19: what to look for, how it differs and which analysis engine is used.',
    },
  ),
  page(
    '/guanyuwomen',
    { zh: '关于我们', en: 'About us' },
    {
      zh: '关于中医智能舌诊开放平台，以及合作咨询方式。',
      en: 'About the TCM tongue diagnosis open platform and how to propose a cooperation.',
    },
  ),
  page(
    '/device',
    { zh: '设备', en: 'Device' },
    {
      zh: '舌诊设备接入：设备如何通过接口上传舌象并获得分析结果。',
      en: 'Connecting tongue-imaging devices: how a device uploads photos through the API and gets results.',
    },
  ),
  page(
    '/checked/pdf/newPdfTestPreview',
    { zh: '报告预览', en: 'Report preview' },
    { zh: '舌诊报告样例（不含个人数据）。', en: 'A sample tongue diagnosis report (no personal data).' },
  ),
  page(
    '/unsubscribe/post',
    { zh: '退订', en: 'Unsubscribe' },
    { zh: '退订平台消息。', en: 'Unsubscribe from the platform’s messages.' },
    false,
  ),
];

/** The news detail route (`/xinwendongtai/{id}`) and the CMS pages (`/pages/{name}`). */
export const SITE_NEWS_PATH = '/xinwendongtai';
export const SITE_PAGES_PATH = '/pages';
