import ExcelJS from 'exceljs';
import { inArray, or } from 'drizzle-orm';
import {
  CONSOLE_ERRORS,
  consoleMemberAddBody,
  IMPORT_ROW_REASONS,
  MEMBER_ACCOUNT_ERRORS,
  MEMBER_IMPORT_COLUMNS,
  MEMBER_IMPORT_HEADERS,
  MEMBER_IMPORT_MAX_ROWS,
  neutraliseRow,
  PASSWORD_ERRORS,
  type ConsoleMemberAddBody,
  type ImportRowError,
  type ImportRowReason,
} from '@tcm/contract';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { hashPassword } from '../auth/password.js';
import { assertPasswordAllowed, passwordProblem } from '../passwords/policy.js';
import { assertIdentityFree } from '../console/users.service.js';
import { isOrgScoped, type AdminScope } from '../console/data-scope.js';
import { cellText } from '../research/research.file.js';
import { duplicateOf } from '../users/users.service.js';

type Lang = 'zh' | 'en';

/** The import template: one header row in the reader's language and a sheet that explains it. */
export async function memberTemplate(lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(lang === 'zh' ? '成员' : 'Members');
  sheet.addRow(neutraliseRow(MEMBER_IMPORT_COLUMNS.map((c) => MEMBER_IMPORT_HEADERS[c][lang])));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((c) => (c.width = 22));
  const help = wb.addWorksheet(lang === 'zh' ? '说明' : 'Instructions');
  const lines =
    lang === 'zh'
      ? [
          '每行一名成员，从第 2 行开始；带 * 的列必填。',
          '登录名：3–64 位字母、数字或 _ . -；登录名、手机号、邮箱不能与已有账号或本表其他行重复。',
          '初始密码须符合密码规则（至少 8 位，不能是常见密码，不能包含登录名）；成员首次登录后须修改。',
          '任何一行有错误时不会导入任何成员，系统会列出每个错误行的行号和原因。',
        ]
      : [
          'One member per row, from row 2; columns marked * are required.',
          'Login name: 3–64 letters, digits or _ . -; login names, phones and emails must not repeat existing accounts or other rows.',
          'The first password follows the password rules (8+ characters, not a common password, not containing the login name); the member changes it at the first sign-in.',
          'If any row has an error nobody is imported; every bad row is listed with its line and reason.',
        ];
  for (const l of lines) help.addRow(neutraliseRow([l]));
  help.getColumn(1).width = 110;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface SheetRow {
  line: number;
  cells: Record<(typeof MEMBER_IMPORT_COLUMNS)[number], string>;
}

/** The first sheet's rows under the header, with their line numbers; blank rows are left out. */
async function readRows(bytes: Uint8Array): Promise<SheetRow[]> {
  const wb = new ExcelJS.Workbook();
  try {
    if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new Error('not a zip');
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new AppError(MEMBER_ACCOUNT_ERRORS.IMPORT_UNREADABLE);
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw new AppError(MEMBER_ACCOUNT_ERRORS.IMPORT_UNREADABLE);
  const out: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (r) => {
    if (r.number === 1) return;
    const texts = MEMBER_IMPORT_COLUMNS.map((_, i) => cellText(r.getCell(i + 1).value).trim());
    if (texts.every((t) => t === '')) return;
    const cells = Object.fromEntries(MEMBER_IMPORT_COLUMNS.map((c, i) => [c, texts[i]!])) as SheetRow['cells'];
    out.push({ line: r.number, cells });
  });
  return out;
}

const reason = (key: ImportRowReason, lang: Lang, line?: number) =>
  IMPORT_ROW_REASONS[key][lang].replace('{line}', String(line ?? ''));

/** The first field zod refuses in a row, as a reason key. */
function shapeProblem(cells: SheetRow['cells']): { ok: ConsoleMemberAddBody } | { key: ImportRowReason } {
  if (!cells.password) return { key: 'password' };
  const r = consoleMemberAddBody.safeParse(cells);
  if (r.success) return { ok: r.data };
  const field = String(r.error.issues[0]!.path[0]) as ImportRowReason;
  return { key: field in IMPORT_ROW_REASONS ? field : 'loginName' };
}

interface Checked {
  line: number;
  body: ConsoleMemberAddBody;
}

/** Every row's problems (one reason per row: the first), in line order, or the rows to insert. */
async function checkRows(db: Db, s: AdminScope, rows: SheetRow[], lang: Lang) {
  const errors: ImportRowError[] = [];
  const good: Checked[] = [];
  const seen = {
    loginName: new Map<string, number>(),
    phone: new Map<string, number>(),
    email: new Map<string, number>(),
  };
  for (const row of rows) {
    const shape = shapeProblem(row.cells);
    if ('key' in shape) {
      errors.push({ line: row.line, reason: reason(shape.key, lang) });
      continue;
    }
    const body = { ...shape.ok, email: shape.ok.email?.toLowerCase() };
    const rule = passwordProblem(body.password, body.loginName);
    const orgScoped = isOrgScoped(s);
    let why: string | undefined;
    if (orgScoped && body.organisation && body.organisation !== s.me.organisation)
      why = reason('otherOrganisation', lang);
    else if (rule) why = PASSWORD_ERRORS[rule][lang];
    for (const f of ['loginName', 'phone', 'email'] as const) {
      const v = body[f];
      if (!v || why) continue;
      const first = seen[f].get(v.toLowerCase());
      if (first !== undefined) why = reason(`${f}Twice`, lang, first);
      else seen[f].set(v.toLowerCase(), row.line);
    }
    if (why) errors.push({ line: row.line, reason: why });
    else
      good.push({
        line: row.line,
        body: { ...body, organisation: orgScoped ? (s.me.organisation ?? undefined) : body.organisation },
      });
  }
  await takenRows(db, good, lang, errors);
  errors.sort((a, b) => a.line - b.line);
  return { errors, good };
}

/** Adds a reason for each row whose login name, phone or email an existing account holds. */
async function takenRows(db: Db, rows: Checked[], lang: Lang, errors: ImportRowError[]): Promise<void> {
  if (!rows.length) return;
  const pick = (f: 'loginName' | 'phone' | 'email') => rows.flatMap((r) => (r.body[f] ? [r.body[f]] : []));
  const taken = await db
    .select({ loginName: users.loginName, phone: users.phone, email: users.email })
    .from(users)
    .where(
      or(
        inArray(users.loginName, pick('loginName')),
        pick('phone').length ? inArray(users.phone, pick('phone')) : undefined,
        pick('email').length ? inArray(users.email, pick('email')) : undefined,
      ),
    );
  const sets = {
    loginName: new Set(taken.map((t) => t.loginName)),
    phone: new Set(taken.map((t) => t.phone)),
    email: new Set(taken.map((t) => t.email)),
  };
  for (const r of rows) {
    const f = (['loginName', 'phone', 'email'] as const).find((k) => r.body[k] && sets[k].has(r.body[k]));
    if (f) errors.push({ line: r.line, reason: reason(`${f}Taken`, lang) });
  }
}

/** The users row of a member the administrator creates: no team, first password to change. */
const memberValues = (b: ConsoleMemberAddBody, passwordHash: string) => ({
  entrance: 'member' as const,
  loginName: b.loginName,
  name: b.name,
  phone: b.phone ?? null,
  email: b.email ?? null,
  organisation: b.organisation ?? null,
  passwordHash,
  mustChangePassword: true,
});

/** Hashes with a few in flight: argon2 runs on the thread pool, so four at once use the cores. */
async function hashAll(passwords: string[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < passwords.length; i += 4)
    out.push(...(await Promise.all(passwords.slice(i, i + 4).map(hashPassword))));
  return out;
}

/**
 * Imports the members of an .xlsx file made from the template, all or nothing: every refused row
 * comes back with its line and reason (400 1450001, `data.rows`) and nobody is created; else all
 * are created in one transaction (a name taken meanwhile by someone else refuses the whole file).
 * Members created here have no team and must change their first password at sign-in.
 */
export async function importMembers(
  db: Db,
  s: AdminScope,
  bytes: Uint8Array,
  lang: Lang,
): Promise<{ imported: number; ids: string[] }> {
  const rows = await readRows(bytes);
  if (!rows.length) throw new AppError(MEMBER_ACCOUNT_ERRORS.IMPORT_EMPTY);
  if (rows.length > MEMBER_IMPORT_MAX_ROWS) throw new AppError(MEMBER_ACCOUNT_ERRORS.IMPORT_TOO_MANY);
  const { errors, good } = await checkRows(db, s, rows, lang);
  if (errors.length) throw new AppError(MEMBER_ACCOUNT_ERRORS.IMPORT_ROWS_INVALID, undefined, { rows: errors });
  const hashes = await hashAll(good.map((g) => g.body.password));
  const values = good.map(({ body }, i) => memberValues(body, hashes[i]!));
  try {
    const ids = await db.transaction(async (tx) => {
      const made: string[] = [];
      for (let i = 0; i < values.length; i += 200)
        made.push(
          ...(
            await tx
              .insert(users)
              .values(values.slice(i, i + 200))
              .returning({ id: users.id })
          ).map((r) => r.id),
        );
      return made;
    });
    return { imported: ids.length, ids };
  } catch (e) {
    throw duplicateOf(e) ?? e;
  }
}

/** One member created by the administrator: the policy, 409 for a taken name, phone or email. */
export async function addMember(db: Db, s: AdminScope, body: ConsoleMemberAddBody): Promise<string> {
  // An organisation-scoped administrator creates members of their organisation only (as accounts).
  if (isOrgScoped(s) && body.organisation && body.organisation !== s.me.organisation)
    throw new AppError(CONSOLE_ERRORS.OUT_OF_SCOPE);
  assertPasswordAllowed(body.password, body.loginName);
  const email = body.email?.toLowerCase();
  await assertIdentityFree(db, { loginName: body.loginName, phone: body.phone, email });
  const organisation = isOrgScoped(s) ? (s.me.organisation ?? undefined) : body.organisation;
  const [hash] = await hashAll([body.password]);
  try {
    const [u] = await db
      .insert(users)
      .values(memberValues({ ...body, email, organisation }, hash!))
      .returning({ id: users.id });
    return u!.id;
  } catch (e) {
    throw duplicateOf(e) ?? e;
  }
}
