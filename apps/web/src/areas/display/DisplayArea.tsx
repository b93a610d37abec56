import type { AreaProps } from '../../app/LazyArea.js';
import { FullScreenArea } from '../../components/FullScreenArea.js';

/** The display area (spec §2): full screen, signed in through /dpLogin. */
export default function DisplayArea({ page }: AreaProps) {
  return <FullScreenArea area="display" page={page} loginPath="/dpLogin" />;
}
