import { AUTH_ERRORS } from '@tcm/contract';
import { HttpError } from '../../lib/http.js';
import { JigsawModal } from './JigsawModal.js';

/** The captcha's answer a registration sends with its account. */
export interface Solved {
  captchaId: string;
  x: number;
  pow: string | undefined;
}

const MISSED = new Set<number>([AUTH_ERRORS.CAPTCHA_WRONG.code, AUTH_ERRORS.CAPTCHA_EXPIRED.code]);

/**
 * The jigsaw that guards a registration's last step (issue 35 item 8): open while `pending` waits,
 * it sends the account with the answer (`send`). A missed jigsaw loads a new one; any other end
 * closes it (`onClose`), a refusal first told to `onRefused` (its toast has already named it).
 */
export function RegisterJigsaw<T>(props: {
  pending: T | null;
  send: (pending: T, solved: Solved) => Promise<void>;
  onRefused?: (e: unknown) => void;
  onClose: () => void;
}) {
  return (
    <JigsawModal
      open={props.pending !== null}
      onCancel={props.onClose}
      onSolve={async (captchaId, x, pow) => {
        if (!props.pending) return false;
        try {
          await props.send(props.pending, { captchaId, x, pow });
        } catch (e) {
          if (e instanceof HttpError && MISSED.has(e.code)) return false;
          props.onRefused?.(e);
        }
        props.onClose();
        return true;
      }}
    />
  );
}
