import type { AreaProps } from '../../app/LazyArea.js';
import { FullScreenArea } from '../../components/FullScreenArea.js';
import { TrainingHome } from './TrainingHome.js';

/** The training area (spec §2): full screen, signed in through /training/login. */
export default function TrainingArea({ page }: AreaProps) {
  return (
    <FullScreenArea area="training" page={page} loginPath="/training/login">
      {page === 'trainingHome' ? <TrainingHome /> : undefined}
    </FullScreenArea>
  );
}
