/**
 * The seeded navigation of spec §2 with the button codes of spec §6. One description feeds
 * the menu table; the web app builds its routes from what the server returns.
 */
export interface SeedMenu {
  name: string;
  nameEn: string;
  type?: 'head' | 'menu' | 'button';
  path?: string;
  component?: string;
  iconCls?: string;
  blank?: boolean;
  hidden?: boolean;
  isFullscreen?: boolean;
  buttonCode?: string;
  /** Action name the toolbar calls (spec §6 "action joinGroups" ...). */
  buttonUrl?: string;
  buttonIcon?: string;
  /** Member-area pages only for members holding this flag (docs/member.md "Menus"). */
  requires?: 'canConfigTreatPlan' | 'displayPermission' | 'teamLeader';
  children?: SeedMenu[];
}

const btn = (buttonCode: string, name: string, nameEn: string, buttonUrl?: string, buttonIcon?: string): SeedMenu => ({
  type: 'button',
  name,
  nameEn,
  buttonCode,
  ...(buttonUrl ? { buttonUrl } : {}),
  ...(buttonIcon ? { buttonIcon } : {}),
});
const page = (
  name: string,
  nameEn: string,
  path: string,
  component: string,
  extra: Partial<SeedMenu> = {},
): SeedMenu => ({
  type: 'menu',
  name,
  nameEn,
  path,
  component,
  ...extra,
});

/**
 * Account and role administration (issue 22 item 1; docs/console.md). Exported on its own so the
 * one-time repair `console-admin-menus` can add it to databases seeded before it existed.
 */
export const CONSOLE_ADMIN_PAGES: SeedMenu[] = [
  page('用户管理', 'Users', '/system/user', 'system/user/index', {
    iconCls: 'user',
    children: [
      btn('sysUser-add', '新增用户', 'Add user', 'addUser', 'plus'),
      btn('sysUser-edit', '修改用户', 'Edit user', 'editUser', 'edit'),
      btn('sysUser-status', '启用/停用', 'Enable/disable', 'toggleStatus'),
      btn('sysUser-resetPassword', '重置密码', 'Reset password', 'resetPassword', 'key'),
      btn('sysUser-roles', '分配角色', 'Assign roles', 'assignRoles', 'team'),
      btn('sysUser-history', '登录记录', 'Sign-in history', 'signInHistory', 'history'),
    ],
  }),
  page('角色管理', 'Roles', '/system/role', 'system/role/index', {
    iconCls: 'safety',
    children: [
      btn('sysRole-add', '新增角色', 'Add role', 'addRole', 'plus'),
      btn('sysRole-edit', '修改角色', 'Edit role', 'editRole', 'edit'),
      btn('sysRole-remove', '删除角色', 'Remove role', 'removeRole', 'delete'),
    ],
  }),
  page('团队管理', 'Teams', '/system/team', 'system/team/index', {
    iconCls: 'team',
    children: [
      btn('sysTeam-add', '新增团队', 'Add team', 'addTeam', 'plus'),
      btn('sysTeam-leader', '任命负责人', 'Appoint leader', 'appointLeader', 'crown'),
      btn('sysTeam-flags', '成员权限', 'Member flags', 'memberFlags', 'setting'),
    ],
  }),
  page('合作企业', 'Corporations', '/system/corporation', 'system/corporation/index', {
    iconCls: 'bank',
    children: [
      btn('sysCorp-view', '查看企业', 'View corporations'),
      btn('sysCorp-add', '新增企业', 'Add corporation', 'addCorporation', 'plus'),
      btn('sysCorp-edit', '修改企业', 'Edit corporation', 'editCorporation', 'edit'),
      btn('sysCorp-keys', '密钥管理', 'App keys', 'appKeys', 'key'),
    ],
  }),
];

/**
 * Doctor registrations awaiting approval (issue 22 item 1; docs/console.md "Doctors"). Exported on
 * its own for the one-time repair `doctor-approval-menus`.
 */
export const DOCTOR_ADMIN_PAGES: SeedMenu[] = [
  page('医生审核', 'Doctors', '/system/doctor', 'system/doctor/index', {
    iconCls: 'solution',
    children: [btn('sysDoctor-approve', '审核注册', 'Approve/reject', 'approveDoctor', 'audit')],
  }),
];

/**
 * Site content administration (issue 22 items 3-4; docs/site.md): news and pages, the cooperation
 * inbox, the organisation's settings. Exported on its own for the one-time repair `site-content`.
 */
export const SITE_ADMIN_PAGES: SeedMenu[] = [
  page('内容管理', 'Content', '/content/index', 'content/index', {
    iconCls: 'read',
    children: [
      btn('content-add', '新增内容', 'Add content', 'addContent', 'plus'),
      btn('content-edit', '修改内容', 'Edit content', 'editContent', 'edit'),
      btn('content-publish', '发布/撤回', 'Publish/unpublish', 'publishContent', 'send'),
      btn('content-remove', '删除内容', 'Delete content', 'removeContent', 'delete'),
    ],
  }),
  page('合作咨询', 'Enquiries', '/content/enquiries', 'content/enquiries/index', {
    iconCls: 'mail',
    children: [
      btn('enquiry-view', '查看咨询', 'View enquiries'),
      btn('enquiry-edit', '处理咨询', 'Handle enquiry', 'editEnquiry', 'edit'),
      btn('enquiry-export', '导出 Excel', 'Export Excel', 'exportEnquiries', 'download'),
    ],
  }),
  page('站点设置', 'Settings', '/system/settings', 'system/settings/index', {
    iconCls: 'setting',
    children: [btn('settings-edit', '保存设置', 'Save settings', 'saveSettings', 'save')],
  }),
];

/** Health-data access log (docs/security.md §11): the admin role (all access) only. */
export const AUDIT_ADMIN_PAGES: SeedMenu[] = [
  page('审计日志', 'Audit log', '/system/audit', 'system/audit/index', {
    iconCls: 'audit',
    children: [
      btn('audit-view', '查看日志', 'View log'),
      btn('audit-export', '导出 Excel', 'Export Excel', 'exportAudit', 'download'),
    ],
  }),
];

/**
 * The welcome page's dashboard button and the device list (issue 33 item 3; docs/console.md
 * "Dashboard", "Devices"). Exported for the one-time repair `platform-console`.
 */
export const DASHBOARD_BUTTON: SeedMenu = btn('sysDashboard-view', '查看平台概况', 'View platform figures');
export const WELCOME_PAGE: SeedMenu = page('工作台', 'Welcome', '/welcome', 'welcome/index', {
  iconCls: 'home',
  children: [DASHBOARD_BUTTON],
});
export const PLATFORM_ADMIN_PAGES: SeedMenu[] = [
  page('设备管理', 'Devices', '/system/device', 'system/device/index', {
    iconCls: 'desktop',
    children: [
      btn('sysDevice-view', '查看设备', 'View devices'),
      btn('sysDevice-edit', '修改设备', 'Edit device', 'editDevice', 'edit'),
      btn('sysDevice-status', '启用/停用', 'Enable/disable', 'toggleDevice'),
    ],
  }),
];

/**
 * The organization tree (issue 33 item 3; docs/console.md "Organizations"). Exported for the
 * one-time repair `organization-console`.
 */
export const ORGANIZATION_ADMIN_PAGES: SeedMenu[] = [
  page('机构管理', 'Organizations', '/system/organization', 'system/organization/index', {
    iconCls: 'apartment',
    children: [
      btn('sysOrg-add', '新增机构', 'Add organization', 'addOrganization', 'plus'),
      btn('sysOrg-edit', '修改机构', 'Edit organization', 'editOrganization', 'edit'),
      btn('sysOrg-remove', '删除机构', 'Remove organization', 'removeOrganization', 'delete'),
      btn('sysOrg-assign', '分配用户/团队', 'Assign users/teams', 'assignOrganization', 'team'),
    ],
  }),
];

export const CONSOLE_MENUS: SeedMenu[] = [
  {
    type: 'head',
    name: '系统管理',
    nameEn: 'System',
    path: 'Layout',
    component: 'Layout',
    iconCls: 'setting',
    children: [
      WELCOME_PAGE,
      ...CONSOLE_ADMIN_PAGES,
      ...PLATFORM_ADMIN_PAGES,
      ...ORGANIZATION_ADMIN_PAGES,
      ...DOCTOR_ADMIN_PAGES,
      page('菜单管理', 'Menus', '/system/menu', 'system/menu/index', {
        iconCls: 'menu',
        children: [
          btn('sysMenu-add', '新增菜单', 'Add menu', 'addMenu', 'plus'),
          btn('sysMenu-edit', '修改菜单', 'Edit menu', 'editMenu', 'edit'),
          btn('sysMenu-remove', '删除菜单', 'Remove menu', 'removeMenu', 'delete'),
          btn('sysMenu-status', '启用/停用', 'Enable/disable', 'updateStatus'),
        ],
      }),
      page('语言翻译', 'Translations', '/system/translation', 'system/translation/index', {
        iconCls: 'translation',
        children: [
          btn('translation-add', '新增翻译', 'Add translation', 'addTranslation', 'plus'),
          btn('translation-edit', '修改翻译', 'Edit translation', 'editTranslation', 'edit'),
          btn('translation-delete', '删除翻译', 'Delete translation', 'deleteTranslation', 'delete'),
        ],
      }),
      ...SITE_ADMIN_PAGES,
      ...AUDIT_ADMIN_PAGES,
    ],
  },
];

export const MEMBER_MENUS: SeedMenu[] = [
  {
    type: 'head',
    name: '会员中心',
    nameEn: 'Member center',
    path: 'Layout',
    component: 'Layout',
    iconCls: 'team',
    children: [
      page('首页', 'Home', '/member/config/home', 'member/home/index', { iconCls: 'home' }),
      page('成员申请', 'Member applications', '/member/config/playApply', 'member/play-apply/index', { hidden: true }),
      page('团队舌诊记录', 'Team tongue records', '/member/config/teamRecord', 'member/team-record/index', {
        blank: true,
      }),
      // Device records list the team's devices' captures: leaders only (the list answers 403 to others).
      page('设备舌诊记录', 'Device tongue records', '/member/config/deviceRecord', 'member/device-record/index', {
        requires: 'teamLeader',
      }),
      page('成员团队舌诊记录', 'Member team records', '/member/config/memberRecord', 'member/member-record/index'),
      page('公众号绑定成功', 'WeChat bound', '/member/config/bandWeChatSuccess/:idCode', 'member/wechat/bound', {
        hidden: true,
      }),
      page('微信绑定结果', 'WeChat binding result', '/member/config/bind-wechat/result', 'member/wechat/result', {
        hidden: true,
      }),
      page('结论配置', 'Conclusion configuration', '/member/config/resultConfig', 'member/result-config/index', {
        requires: 'canConfigTreatPlan',
      }),
      page('大屏展示', 'Large-screen display', '/member/config/display', 'member/display/index', {
        blank: true,
        requires: 'displayPermission',
      }),
    ],
  },
];

export const DOCTOR_MENUS: SeedMenu[] = [
  {
    type: 'head',
    name: '分析区',
    nameEn: 'Analysis',
    path: 'Layout',
    component: 'Layout',
    iconCls: 'chart',
    children: [
      page('首页', 'Home', '/doctor/home', 'doctor/home/index', { iconCls: 'home' }),
      page('数据池', 'Data pools', '/doctor/analysis/pool/index', 'doctor/analysis/pool/index', {
        children: [
          btn('dataPool-add', '新增数据池', 'Add pool', 'addPool', 'plus'),
          btn('dataPool-edit', '修改数据池', 'Edit pool', 'editPool', 'edit'),
          btn('dataPool-batch-delete', '批量删除', 'Delete pools', 'deletePools', 'delete'),
        ],
      }),
      page('样本列表', 'Samples', '/doctor/analysis/pool/itemIndex/:id', 'doctor/analysis/pool/item-index', {
        hidden: true,
        children: [
          btn('dataPoolItem-import', '导入样本', 'Import samples', 'importItems', 'upload'),
          btn('dataPoolItem-edit', '修改样本', 'Edit sample', 'editItem', 'edit'),
          btn('dataPoolItem-batch-delete', '批量删除', 'Delete samples', 'deleteItems', 'delete'),
          btn('dataPoolItem-system', '系统样本', 'System samples', 'systemItems'),
        ],
      }),
      page(
        '频次统计',
        'Frequency statistics',
        '/doctor/analysis/statistics/frequency/index',
        'doctor/analysis/statistics/frequency',
      ),
      page(
        '四诊与证型关联',
        'Diagnostics and syndromes',
        '/doctor/analysis/syndromes/relate-syndromes-diagnosis/index',
        'doctor/analysis/syndromes/relate',
      ),
      page(
        '证型聚类',
        'Syndrome clustering',
        '/doctor/analysis/syndromes/cluster-syndromes/index',
        'doctor/analysis/syndromes/cluster',
      ),
      page(
        '证型分类预测',
        'Syndrome classification',
        '/doctor/analysis/syndromes/classify-syndromes/index',
        'doctor/analysis/syndromes/classify',
      ),
      page(
        '模型结果',
        'Model result',
        '/doctor/analysis/syndromes/classify-syndromes/classify-result/:taskId',
        'doctor/analysis/syndromes/classify-result',
        { hidden: true },
      ),
    ],
  },
  {
    type: 'head',
    name: '医案管理',
    nameEn: 'Case archive',
    path: 'Layout',
    component: 'Layout',
    iconCls: 'folder',
    children: [
      page('医案列表', 'Cases', '/doctor/archive/index', 'doctor/archive/index', {
        children: [
          btn('doctorArchiveManage-group', '批量设置医案分组', 'Set case groups', 'joinGroups'),
          btn('doctorArchiveManage-add', '创建医案', 'Create case', 'addArchive', 'plus'),
          btn('doctorArchiveManage-batch-delete', '批量删除医案', 'Delete cases', 'deleteArchive', 'delete'),
        ],
      }),
      page('查看医案', 'View case', '/doctor/archive/review/:id', 'doctor/archive/review', { hidden: true }),
      page('创建医案', 'Create case', '/doctor/archive/add', 'doctor/archive/add', { hidden: true }),
      page(
        '修改医案记录',
        'Edit case record',
        '/doctor/archive/editRecord/:archiveId/:recordId',
        'doctor/archive/edit-record',
        { hidden: true },
      ),
      page(
        '创建复诊记录',
        'Create follow-up',
        '/doctor/archive/addRecord/:archiveId/:recordId',
        'doctor/archive/edit-record',
        { hidden: true },
      ),
      page(
        '医案病历查看',
        'Medical record',
        '/doctor/archive/showMedicalRecordPdf/:recordId',
        'doctor/archive/medical-record-pdf',
        { hidden: true, isFullscreen: true },
      ),
      page('四诊单', 'Inquiry forms', '/doctor/archive/patientInquiry/index', 'doctor/archive/patient-inquiry/index'),
      page(
        '四诊单详情',
        'Inquiry form',
        '/doctor/archive/patientInquiry/show/:id',
        'doctor/archive/patient-inquiry/show',
        { hidden: true },
      ),
      page('四诊单模板', 'Form templates', '/doctor/archive/inquiryTemp/index', 'doctor/archive/inquiry-temp/index'),
      page('查看四诊单', 'View template', '/doctor/archive/inquiryTemp/show', 'doctor/archive/inquiry-temp/show', {
        hidden: true,
      }),
      page('编辑四诊单', 'Edit template', '/doctor/archive/inquiryTemp/edit', 'doctor/archive/inquiry-temp/edit', {
        hidden: true,
      }),
      page('处方管理', 'Prescriptions', '/doctor/archive/prescriptions/index', 'doctor/archive/prescriptions/index'),
    ],
  },
];
