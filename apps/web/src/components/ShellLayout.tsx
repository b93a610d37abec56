import { useState, type ReactNode } from 'react';
import { Avatar, Button, Drawer, Grid, Layout, Menu, Space, Typography } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { LogoutButton } from './LogoutButton.js';
import { ChangePasswordButton } from './passwords/ChangePasswordButton.js';

export interface ShellItem {
  key: string;
  label: string;
  /** Opens in a new browser tab (spec menu `blank` / route "new tab"). */
  newTab?: boolean;
}
export interface ShellGroup {
  key: string;
  label: string;
  items: ShellItem[];
}

/** Signed-in frame: header (project name, heads, language, user, sign out) and an optional side menu. */
export function ShellLayout(props: {
  heads?: ShellItem[];
  activeHead?: string;
  onHead?: (key: string) => void;
  side: ShellGroup[];
  loginPath: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useSession();
  const screens = Grid.useBreakpoint();
  const narrow = screens.sm === false;
  // Below md the side menu is a drawer opened from the header (issue 34: antd's collapsed Sider
  // left a floating ☰ tab over the page's cards). Before antd has measured, the desktop layout.
  const phone = screens.md === false;
  const [drawer, setDrawer] = useState(false);
  const open = (item: ShellItem) => {
    setDrawer(false);
    if (item.newTab) window.open(`${import.meta.env.BASE_URL.replace(/\/$/, '')}${item.key}`, '_blank', 'noopener');
    else void navigate(item.key);
  };
  const all = props.side.flatMap((g) => g.items);
  const sideItems =
    props.side.length === 1
      ? all.map((i) => ({ key: i.key, label: i.label }))
      : props.side.map((g) => ({
          type: 'group' as const,
          key: g.key,
          label: g.label,
          children: g.items.map((i) => ({ key: i.key, label: i.label })),
        }));
  const sideMenu = (
    <Menu
      mode="inline"
      selectedKeys={[pathname]}
      items={sideItems}
      onClick={(e) => {
        const item = all.find((i) => i.key === e.key);
        if (item) open(item);
      }}
    />
  );
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* On a phone the header wraps onto a second row instead of pushing sign-out off the screen. */}
      <Layout.Header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 24,
          paddingInline: 20,
          ...(narrow ? { flexWrap: 'wrap', height: 'auto', lineHeight: '48px', rowGap: 0 } : {}),
        }}
      >
        {phone && all.length > 0 && (
          <Button
            type="text"
            icon={<MenuOutlined style={{ color: '#fff', fontSize: 20 }} />}
            aria-label={t('app.menu')}
            data-testid="menu-open"
            style={{ width: 44, height: 44 }}
            onClick={() => setDrawer(true)}
          />
        )}
        <Typography.Text strong style={{ color: '#fff', fontSize: 18, whiteSpace: 'nowrap' }}>
          {t('app.projectName')}
        </Typography.Text>
        {props.heads && props.heads.length > 0 ? (
          <Menu
            theme="dark"
            mode="horizontal"
            style={{ flex: 1, minWidth: 0 }}
            selectedKeys={props.activeHead ? [props.activeHead] : []}
            items={props.heads.map((h) => ({ key: h.key, label: h.label }))}
            onClick={(e) => props.onHead?.(e.key)}
          />
        ) : (
          <div style={{ flex: 1 }} />
        )}
        <Space wrap>
          <LanguageSwitch />
          <Avatar src={user?.headImage ?? undefined}>{user?.name?.slice(0, 1)}</Avatar>
          <Typography.Text style={{ color: '#fff' }} data-testid="user-name">
            {user?.name}
          </Typography.Text>
          <ChangePasswordButton />
          <LogoutButton loginPath={props.loginPath} />
        </Space>
      </Layout.Header>
      <Layout>
        {all.length > 0 && !phone && (
          <Layout.Sider width={220} theme="light" data-testid="side-menu">
            {sideMenu}
          </Layout.Sider>
        )}
        {phone && (
          <Drawer
            placement="left"
            open={drawer}
            onClose={() => setDrawer(false)}
            size={260}
            styles={{ body: { padding: 0 } }}
            title={t('app.menu')}
          >
            <div data-testid="side-menu">{sideMenu}</div>
          </Drawer>
        )}
        {/* minWidth 0: a flex child otherwise grows to its widest content (a table) past the screen. */}
        <Layout.Content style={{ padding: phone ? 12 : 20, minWidth: 0 }}>{props.children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
