import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.js';
import { Dashboard } from './Dashboard.js';
import { DisplayCanvas } from './DisplayCanvas.js';
import './texts.js';

/**
 * The team display (/member/config/display, new tab, displayPermission): the same dashboard,
 * scoped to the member's own team (the server checks the flag and the team again).
 */
export default function TeamDisplay() {
  const { t } = useTranslation();
  const { member } = useSession();
  if (!member?.teamId)
    return (
      <DisplayCanvas>
        {() => (
          <div data-text data-testid="display-no-team" style={{ color: '#c8d8ff', fontSize: 28, padding: 48 }}>
            {t('display.noTeam')}
          </div>
        )}
      </DisplayCanvas>
    );
  return <Dashboard scope={{ kind: 'team', teamId: member.teamId }} />;
}
