import { Space } from 'antd';
import type { AreaProps } from '../../app/LazyArea.js';
import { LanguageSwitch } from '../../components/LanguageSwitch.js';
import { LogoutButton } from '../../components/LogoutButton.js';
import { ChangePasswordButton } from '../../components/passwords/ChangePasswordButton.js';
import { Dashboard } from './Dashboard.js';

/**
 * The account's own controls over the wall screen: language, password (a reset password must be
 * changed at the first sign-in, as at every entrance) and sign-out. Faint until pointed at, so
 * the dashboard stays the screen.
 */
function AccountBar() {
  return (
    <Space
      data-testid="display-account"
      style={{ position: 'fixed', top: 8, right: 8, zIndex: 1000, opacity: 0.35, transition: 'opacity .2s' }}
      onMouseEnter={(e) => (e.currentTarget.style.opacity = '1')}
      onMouseLeave={(e) => (e.currentTarget.style.opacity = '0.35')}
    >
      <LanguageSwitch />
      <ChangePasswordButton />
      <LogoutButton loginPath="/dpLogin" />
    </Space>
  );
}

/** The display area (spec §2): the platform dashboard, full screen, signed in through /dpLogin. */
export default function DisplayArea(_props: AreaProps) {
  return (
    <>
      <Dashboard scope={{ kind: 'platform' }} />
      <AccountBar />
    </>
  );
}
