/**
 * The shared services of the app context (context.ts), as the small interfaces its users need.
 * Declared here, apart from the feature modules that implement them, so that the context imports
 * no feature module and no import loop runs through it (apps/server/src/boundaries.test.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { Entrance, TokenResult } from '@tcm/contract';

/** The record analysis queue (modules/analysis/queue.ts) and this process's record changes. */
export interface RecordAnalysis {
  /** Started and not stopped: analyses can be queued (and run here when this process has workers). */
  readonly started: boolean;
  /** Queues the analysis of a record; answers once the job is safely in the database. */
  enqueue(recordId: string): Promise<void>;
  /** This process changed the record: its event streams answer at once. */
  notify(recordId: string): void;
  /** Resolves when this process changes the record, or after `ms` (changes made elsewhere are polled). */
  waitChange(recordId: string, ms: number): Promise<void>;
}

/** Access tokens and rotating refresh tokens (modules/auth/token.service.ts). */
export interface Tokens {
  readonly accessTtlS: number;
  issue(userId: string, entrance: Entrance): Promise<TokenResult>;
  rotate(refreshToken: string): Promise<TokenResult>;
  /** The claims of a valid access token; throws AppError 401 otherwise. */
  verifyAccess(token: string): AccessClaims;
  revokeSession(sessionId: string, reason: string): Promise<void>;
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
  entrance: Entrance;
  /** Expiry, seconds since epoch. */
  exp: number;
}

/** Failed sign-ins per account and address (modules/auth/login-guard.service.ts). */
export interface LoginAttempts {
  alwaysNeedsCaptcha(entrance: Entrance): boolean;
  /** Counts an attempt before the password is checked; throws when the account or address is locked. */
  reserve(loginName: string, ip: string, captchaSolved: boolean): Promise<void>;
  succeeded(loginName: string, ip: string): Promise<void>;
}

/** Where file bytes live (modules/files/storage.ts). Keys are `<2 hex>/<uuid>`; metadata stays in the stored_file table. */
export interface FileStorage {
  readonly name: string;
  put(key: string, bytes: Uint8Array, mime: string): Promise<void>;
  /**
   * Stores a file from a local path, which it may move away (an upload streamed to disk). Absent:
   * `putFromPath` reads the file and calls `put`.
   */
  putFile?(key: string, path: string, mime: string): Promise<void>;
  /** Where the bytes lie on this machine, when they do (local storage): pool jobs read them there. */
  localPath?(key: string): string;
  /** The bytes, or null when the key is unknown. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

/** A per-address limit of requests (modules/files/rate-limit.ts); throws AppError 429 past it. */
export interface RequestLimit {
  check(request: FastifyRequest): void;
}

/** Secrets sealed at rest (modules/open-api/secret-box.ts). */
export interface SecretSealer {
  seal(plain: string): string;
  /** Throws on a sealed value it cannot open. */
  open(sealed: string): string;
}

/** Audit rows written in batches after the reply (modules/audit/audit-buffer.ts). */
export interface AuditRows {
  /** Answers once every row taken so far is written. */
  flush(): Promise<void>;
}

/** Short-lived signed URLs of health files (modules/files/file-signing.ts). */
export interface UrlSigner {
  /** How long a signed URL lives, seconds. */
  readonly ttlS: number;
  url(fileId: string, nowMs?: number): string;
  /** Throws AppError when the signature is wrong or expired. */
  verify(fileId: string, exp: string, sig: string, nowMs?: number): void;
}
