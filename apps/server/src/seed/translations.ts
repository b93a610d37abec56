import { DEFAULT_ERROR_TEXT, SPEC_ERRORS } from '@tcm/contract';
import { CONSOLE_MENUS, DOCTOR_MENUS, MEMBER_MENUS, type SeedMenu } from './menu-tree.js';

/** One seeded translation entry: the Simplified-Chinese original, its English, and the type note. */
export interface SeedTranslation {
  originalText: string;
  en: string;
  remark: 'error' | 'message' | 'menu';
}

/**
 * The texts the spec names (§8 error catalogue and messages, §5 validation messages, §9 loading
 * text) with their English, so that a new install's translation list starts with what the
 * product shows rather than empty (issue 33 item 3). Other languages are left for the
 * translators: no machine translation is invented here.
 */
const SPEC_MESSAGES: Array<[zh: string, en: string]> = [
  [DEFAULT_ERROR_TEXT.zh, DEFAULT_ERROR_TEXT.en],
  ['提示', 'Notice'],
  ['确定', 'OK'],
  ['请选择一条数据！', 'Please select one record!'],
  ['请选择一条或者多条数据！', 'Please select one or more records!'],
  ['只能选择一条数据操作', 'Only one record can be handled at a time'],
  ['保存成功！', 'Saved!'],
  ['修改成功！', 'Updated!'],
  ['出现未知问题，刷新页面', 'An unknown problem occurred, please refresh the page'],
  ['请选择视频文件上传！', 'Please choose a video file to upload!'],
  ['请选择图片文件上传！', 'Please choose an image file to upload!'],
  ['上传图片格式不正确!', 'The image format is not supported!'],
  ['请填写原文 / 简体中文 / zh-Hans！', 'Please fill in the original text / Simplified Chinese / zh-Hans!'],
  ['首行缩进', 'First-line indent'],
  ['加载中', 'Loading'],
];

function menuTexts(items: SeedMenu[], out: Map<string, string>): void {
  for (const m of items) {
    if (!out.has(m.name)) out.set(m.name, m.nameEn);
    menuTexts(m.children ?? [], out);
  }
}

/** Every seeded entry, one per original text (the first wording wins where two menus share a name). */
export function seedTranslations(): SeedTranslation[] {
  const out = new Map<string, SeedTranslation>();
  const add = (originalText: string, en: string, remark: SeedTranslation['remark']) => {
    if (!out.has(originalText)) out.set(originalText, { originalText, en, remark });
  };
  for (const e of Object.values(SPEC_ERRORS)) if (e.code !== 0) add(e.zh, e.en, 'error');
  for (const [zh, en] of SPEC_MESSAGES) add(zh, en, 'message');
  const menus = new Map<string, string>();
  menuTexts([...CONSOLE_MENUS, ...MEMBER_MENUS, ...DOCTOR_MENUS], menus);
  for (const [zh, en] of menus) add(zh, en, 'menu');
  return [...out.values()];
}
