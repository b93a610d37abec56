import type { AreaProps } from '../../app/LazyArea.js';
import { FullScreenArea } from '../../components/FullScreenArea.js';

/** The disease area (spec §2): full screen, signed in through /disease/login. */
export default function DiseaseArea({ page }: AreaProps) {
  return <FullScreenArea area="disease" page={page} loginPath="/disease/login" />;
}
