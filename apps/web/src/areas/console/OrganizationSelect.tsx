import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrganizationNode } from '@tcm/contract';
import { useOrganizationTree } from './organizations-api.js';

interface TreeOption {
  value: string;
  title: string;
  disabled?: boolean;
  children: TreeOption[];
}

/** Tree options; `without` (an organization being moved) and everything below it are left out. */
function options(nodes: readonly OrganizationNode[], without?: string, disableOff = false): TreeOption[] {
  return nodes
    .filter((n) => n.id !== without)
    .map((n) => ({
      value: n.id,
      title: `${n.name} (${n.code})`,
      disabled: disableOff && n.status !== 1,
      children: options(n.children, without, disableOff),
    }));
}

/**
 * An organization of the tree (the user form, an organization's parent). Empty means none; disabled
 * organizations cannot take accounts (`forAssignment`), so they cannot be picked there.
 */
export function OrganizationSelect(props: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  without?: string;
  forAssignment?: boolean;
  placeholder?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const tree = useOrganizationTree();
  return (
    <TreeSelect
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      loading={tree.isLoading}
      status={tree.isError ? 'error' : undefined}
      notFoundContent={tree.isError ? t('console.organizations.loadFailed') : t('console.organizations.none')}
      placeholder={props.placeholder ?? t('console.organizations.pick')}
      value={props.value ?? undefined}
      onChange={(v: string | undefined) => props.onChange?.(v ?? null)}
      treeData={options(tree.data ?? [], props.without, props.forAssignment)}
      data-testid={props.testId}
      style={{ width: '100%' }}
    />
  );
}
