import { Layout, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AreaPlaceholder, type PlaceholderArea } from './AreaPlaceholder.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { LogoutButton } from './LogoutButton.js';
import { ChangePasswordButton } from './passwords/ChangePasswordButton.js';

/**
 * Full-screen area (display, disease, training): own header and a sign-out to its login page;
 * the area's screens as children, the placeholder until an area has them.
 */
export function FullScreenArea(props: {
  area: PlaceholderArea;
  page: string;
  loginPath: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center' }}>
        <Typography.Text strong ellipsis style={{ color: '#fff', flex: 1, minWidth: 0, fontSize: 18 }}>
          {t('app.projectName')} · {t(`area.${props.area}`)}
        </Typography.Text>
        <Space>
          <LanguageSwitch />
          <ChangePasswordButton />
          <LogoutButton loginPath={props.loginPath} />
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 'clamp(8px, 3vw, 24px)' }}>
        {props.children ?? <AreaPlaceholder area={props.area} page={props.page} />}
      </Layout.Content>
    </Layout>
  );
}
