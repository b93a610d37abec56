import type { Entrance } from '@tcm/contract';
import { JigsawModal } from './JigsawModal.js';
import type { Credentials } from './LoginCard.js';
import { jigsawSignIn } from './entrance-api.js';

/**
 * The jigsaw step of a sign-in: shown while `cred` is set, it answers the challenge with those
 * credentials at `entrance` and calls `onSignedIn` once the tokens are kept. The back-office
 * always passes through it; the other entrances when the server asks (after failed sign-ins).
 */
export function CaptchaSignIn(props: {
  cred: Credentials | null;
  entrance: Entrance;
  onCancel: () => void;
  onSignedIn: () => Promise<void>;
}) {
  return (
    <JigsawModal
      open={props.cred !== null}
      onCancel={props.onCancel}
      onSolve={async (id, x, pow) => {
        if (!props.cred || !(await jigsawSignIn({ captchaId: id, x, pow }, props.cred, props.entrance))) return false;
        await props.onSignedIn();
        return true;
      }}
    />
  );
}
