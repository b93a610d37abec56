import type { AreaProps } from '../../app/LazyArea.js';
import { findPage, type PageRegistry } from '../../app/pages.js';
import { FullScreenArea } from '../../components/FullScreenArea.js';
import { TrainingHome } from './TrainingHome.js';

const PAGES: PageRegistry<'training'> = { trainingHome: TrainingHome };

/** The training area (spec §2): full screen, signed in through /training/login. */
export default function TrainingArea({ page }: AreaProps) {
  const Screen = findPage(PAGES, page);
  return (
    <FullScreenArea area="training" page={page} loginPath="/training/login">
      {Screen ? <Screen page={page} /> : undefined}
    </FullScreenArea>
  );
}
