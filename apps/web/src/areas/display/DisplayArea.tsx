import type { AreaProps } from '../../app/LazyArea.js';
import { Dashboard } from './Dashboard.js';

/** The display area (spec §2): the platform dashboard, full screen, signed in through /dpLogin. */
export default function DisplayArea(_props: AreaProps) {
  return <Dashboard scope={{ kind: 'platform' }} />;
}
