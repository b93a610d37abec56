import { useMutation } from '@tanstack/react-query';
import {
  AUTH_ERRORS,
  AUTH_PATHS,
  DOCTOR_APPROVAL_ERRORS,
  MEMBER_ACCOUNT_PATHS,
  USER_PATHS,
  type DoctorRegisterBody,
  type Entrance,
  type JigsawChallenge,
  type MemberRegisterBody,
  type TokenResult,
} from '@tcm/contract';
import { CLIENT_BASIC, http } from '../../lib/api.js';
import { HttpError } from '../../lib/http.js';
import { saveTokens } from '../../lib/session.js';
import type { Credentials } from './LoginCard.js';

/*
 * The entrance's calls (docs/web.md "Server data"). Sign-in answers are tokens kept in the
 * session, not data the query cache holds: the login forms call the plain functions below; the
 * two calls a page starts by itself (a jigsaw challenge, the WeChat code exchange) are mutations,
 * because each creates or spends something on the server and must never be repeated or cached.
 */

/** Where each entrance lands after sign-in (the guard then loads its info). */
export const ENTRANCE_HOME: Record<Entrance, string> = {
  sys: '/',
  member: '/member/config/home',
  doctor: '/doctor/home',
  display: '/display',
  disease: '/disease/index',
  training: '/training/index',
};

/**
 * Password sign-in of a non-console entrance; keeps the tokens and the login type. Answers
 * 'captcha' when the server wants a solved captcha first (the account has failed sign-ins).
 */
export async function entranceSignIn(entrance: Exclude<Entrance, 'sys'>, c: Credentials): Promise<'ok' | 'captcha'> {
  try {
    const t = await http.post<TokenResult>(AUTH_PATHS.entranceSignin(entrance), {
      form: { loginName: c.loginName.trim(), loginPassword: c.loginPassword },
      headers: { Authorization: CLIENT_BASIC },
    });
    saveTokens(t.access_token, t.refresh_token, entrance);
    return 'ok';
  } catch (e) {
    if (e instanceof HttpError && e.code === AUTH_ERRORS.CAPTCHA_REQUIRED.code) return 'captcha';
    throw e;
  }
}

/**
 * The reason an administrator gave for rejecting a doctor registration, when `e` is that refusal
 * (403 1600002 with `data.reason`; '' when they gave none); null for any other failure.
 */
export function rejectionReason(e: unknown): string | null {
  if (!(e instanceof HttpError) || e.code !== DOCTOR_APPROVAL_ERRORS.REJECTED.code) return null;
  const data = e.data as { reason?: unknown } | null;
  return typeof data?.reason === 'string' ? data.reason.trim() : '';
}

/** A solved jigsaw: the challenge, the piece's offset and the challenge's proof of work. */
export interface JigsawAnswer {
  captchaId: string;
  x: number;
  pow: string | undefined;
}

/** Jigsaw answer with the credentials of an entrance; false when the answer missed. */
export async function jigsawSignIn(a: JigsawAnswer, c: Credentials, entrance: Entrance): Promise<boolean> {
  try {
    const t = await http.post<TokenResult>(AUTH_PATHS.jigsawCheck, {
      body: { ...a, loginName: c.loginName.trim(), loginPassword: c.loginPassword, entrance },
      headers: { Authorization: CLIENT_BASIC },
    });
    saveTokens(t.access_token, t.refresh_token, entrance);
    return true;
  } catch {
    return false;
  }
}

/**
 * A new jigsaw challenge. A mutation, not a query: the server spends each challenge on its first
 * answer, so every opening and every miss needs a fresh one, never a cached one.
 */
export const useJigsawChallenge = () =>
  useMutation({
    mutationFn: () =>
      http.get<JigsawChallenge>(AUTH_PATHS.jigsawRegister, { headers: { Authorization: CLIENT_BASIC } }),
  });

/** WeChat authorisation: the code from the redirect for tokens (spent once); answers the home path. */
export const useWechatSignIn = () =>
  useMutation({
    mutationFn: async (code: string) => {
      const tk = await http.post<TokenResult>(AUTH_PATHS.wechatGetAccessToken, {
        form: { oauth2Sessionid: code },
        headers: { Authorization: CLIENT_BASIC },
      });
      saveTokens(tk.access_token, tk.refresh_token, tk.entrance);
      return ENTRANCE_HOME[tk.entrance];
    },
  });

/**
 * Doctor registration, step 1: the server checks the form only; whether the name, email or phone
 * is taken is told at the final, captcha-protected step (docs/security.md §14e).
 */
export const useDoctorRegisterCheck = () =>
  useMutation({
    mutationFn: (body: Pick<DoctorRegisterBody, 'loginName' | 'email' | 'phone'>) =>
      http.post<null>(USER_PATHS.doctorRegisterCheck, { body, headers: { Authorization: CLIENT_BASIC } }),
  });

/** Doctor registration, final step with a solved jigsaw: the account is made (approved later). */
export const useDoctorRegister = () =>
  useMutation({
    mutationFn: (body: DoctorRegisterBody) =>
      http.post<null>(USER_PATHS.doctorRegister, { body, headers: { Authorization: CLIENT_BASIC } }),
  });

/** A member's own registration (issue 33 item 1), sent with the client's Basic credentials. */
export const useMemberRegister = () =>
  useMutation({
    mutationFn: (body: MemberRegisterBody) =>
      http.post<{ id: string; applicationId: string | null }>(MEMBER_ACCOUNT_PATHS.register, {
        body,
        headers: { Authorization: CLIENT_BASIC },
      }),
  });
