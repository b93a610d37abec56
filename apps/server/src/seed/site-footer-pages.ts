import { FOOTER_PAGES } from '@tcm/contract';
import type { SeedPage } from './site-content.js';

/**
 * The pages the site's footer links to (issue 34 item 3): contact, privacy and terms, in zh and
 * en. They describe what this platform does with what a visitor sends, as the code does it
 * (docs/site.md "Footer pages"); the organisation running it edits them in the back office
 * (内容管理), and its contact details come from the settings (站点设置), shown on the contact page.
 */
const P = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');
const H = (text: string) => `<h2>${text}</h2>`;
const UL = (...items: string[]) => `<ul>${items.map((i) => `<li><p>${i}</p></li>`).join('')}</ul>`;

const PIPL = '《中华人民共和国个人信息保护法》（2021）';

export const FOOTER_SEED: SeedPage[] = [
  {
    name: FOOTER_PAGES.contact,
    zh: {
      title: '联系我们',
      summary: '平台运营方的联系方式与合作咨询。',
      body: P(
        '对平台的使用、检测结果或您的个人信息有任何问题，请通过下方的电话或电子邮箱与平台运营方联系。',
        '希望合作的机构请填写<a href="/pc/guanyuwomen#cooperation">合作咨询表单</a>，工作人员会通过您留下的电话与您联系。',
        '平台的分析结果不能代替医生的诊断；如身体不适，请及时就医，紧急情况请拨打 120。',
      ),
    },
    en: {
      title: 'Contact',
      summary: 'How to reach the organisation running the platform, and cooperation enquiries.',
      body: P(
        'For questions about using the platform, your results or your personal information, reach the organisation running it by the phone number or e-mail below.',
        'Organisations that wish to cooperate can fill in the <a href="/pc/guanyuwomen#cooperation">cooperation form</a>; staff will call back on the number you leave.',
        "The platform's results do not replace a physician's diagnosis; if you feel unwell see a doctor, and in an emergency call your local emergency number (120 in mainland China).",
      ),
    },
    sources: [],
  },
  {
    name: FOOTER_PAGES.privacy,
    zh: {
      title: '隐私政策',
      summary: '平台收集哪些信息、用于什么、谁能看到。',
      body:
        H('我们收集的信息') +
        UL(
          '您上传的舌象、面部照片，脉搏与语音数据，问卷回答和您填写的身高、体重、血压等指标；',
          '由这些数据计算出的分析结果与报告；',
          '注册或登录时的账号信息（用户名、手机号等）；合作咨询表单中您填写的公司、联系人、电话与需求；',
          '为防止滥用而记录的访问地址（IP）与操作时间。',
        ) +
        H('用途') +
        P(
          '这些信息只用于生成和向您展示分析结果与报告、提供您所使用的功能（团队记录、医案、研究），以及答复您的合作咨询。平台不出售您的信息，不投放广告，不使用第三方统计或广告跟踪。',
        ) +
        H('谁能看到') +
        P(
          '访客检测的结果通过一个随机生成的链接查看：持有该链接的人都能打开，请只分享给您信任的人。团队、医生与科研人员的记录只对有权限的账号可见；研究功能使用平台内的记录。',
        ) +
        H('Cookie 与本地存储') +
        P('平台使用 Cookie 记住您选择的界面语言，并在登录后保存登录状态；不用于跟踪。') +
        H('您的权利') +
        P(`依照${PIPL}，您可以查阅、更正或要求删除您的个人信息，请通过“联系我们”页面的方式联系平台运营方。`),
    },
    en: {
      title: 'Privacy',
      summary: 'What the platform collects, what for, and who can see it.',
      body:
        H('What we collect') +
        UL(
          'the tongue and face photos, pulse and voice data you upload, your questionnaire answers and the measures you enter (height, weight, blood pressure and the like);',
          'the results and reports computed from them;',
          'account details when you register or sign in (user name, mobile number); what you write in the cooperation form (company, contact person, phone number, needs);',
          'the address (IP) and time of requests, kept to prevent abuse.',
        ) +
        H('What it is used for') +
        P(
          'Only to compute and show you your results and reports, to provide the features you use (team records, case archives, research) and to answer your enquiry. The platform does not sell your information, shows no advertising and uses no third-party analytics or ad trackers.',
        ) +
        H('Who can see it') +
        P(
          "A visitor's result is opened through a randomly generated link: anyone holding the link can open it, so share it only with people you trust. Records of teams, physicians and researchers are visible only to accounts with the right to see them; the research features use records kept on the platform.",
        ) +
        H('Cookies and local storage') +
        P(
          'The platform uses cookies to remember your interface language and, once you sign in, your session; not for tracking.',
        ) +
        H('Your rights') +
        P(
          `Under the Personal Information Protection Law of the People's Republic of China (2021) you may see, correct or ask us to delete your personal information: reach the organisation running the platform through the Contact page.`,
        ),
    },
    sources: [PIPL],
  },
  {
    name: FOOTER_PAGES.terms,
    zh: {
      title: '服务条款',
      summary: '使用本平台前请阅读。',
      body:
        H('平台提供什么') +
        P('平台根据您上传的照片、波形、录音与问卷，给出中医舌象、面象、脉象、声音与体质等方面的分析与健康提示。') +
        H('不是医疗诊断') +
        UL(
          '分析结果仅提示可能的健康状态，供健康管理与医生参考，不能代替医生的诊断与治疗；',
          '不要仅凭分析结果开始、停止或调整任何治疗；',
          '照片质量、光线与设备都会影响结果，结果可能不完整或不准确，报告会注明这些情况；',
          '如身体不适请及时就医，紧急情况请拨打 120。',
        ) +
        H('使用要求') +
        UL(
          '只上传您本人或经对方同意的照片与数据；',
          '不得上传违法内容，不得干扰或攻击平台，不得批量抓取数据；',
          '请妥善保管账号与结果链接。',
        ) +
        H('内容与变更') +
        P('新闻与页面内容由平台运营方发布并注明来源。条款如有变更，会在本页更新；继续使用即表示接受更新后的条款。'),
    },
    en: {
      title: 'Terms of use',
      summary: 'Please read before using the platform.',
      body:
        H('What the platform provides') +
        P(
          'From the photos, waveforms, recordings and questionnaire you send, the platform gives TCM analyses of tongue, face, pulse, voice and constitution, and health suggestions.',
        ) +
        H('Not a medical diagnosis') +
        UL(
          "results suggest possible health states for health management and physicians; they do not replace a physician's diagnosis or treatment;",
          'do not start, stop or change any treatment on the strength of a result alone;',
          'photo quality, light and devices affect results, which may be partial or wrong; the report says so where it knows;',
          'if you feel unwell see a doctor; in an emergency call your local emergency number (120 in mainland China).',
        ) +
        H('Using the platform') +
        UL(
          'upload only photos and data of yourself, or of people who agreed;',
          'upload nothing unlawful, do not disrupt or attack the platform, do not harvest its data;',
          'keep your account and result links safe.',
        ) +
        H('Content and changes') +
        P(
          'News and pages are published by the organisation running the platform, with their sources. Changes to these terms are made on this page; using the platform afterwards means accepting them.',
        ),
    },
    sources: [],
  },
];
