import { hash, verify } from '@node-rs/argon2';

// argon2id (the library default, algorithm 2) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; the PHC string holds salt and parameters. */
export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

// Verified against when the account does not exist, so both paths take the same time.
let dummy: Promise<string> | undefined;

/** True when `password` matches `stored`; a missing hash still costs one verification. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('not-a-real-password');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
