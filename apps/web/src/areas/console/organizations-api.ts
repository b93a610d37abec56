import { useQuery } from '@tanstack/react-query';
import {
  ORGANIZATION_PATHS,
  type OrganizationAddBody,
  type OrganizationAssignBody,
  type OrganizationEditBody,
  type OrganizationNode,
} from '@tcm/contract';
import { http } from '../../lib/api.js';
import { useInvalidatingMutation, usePostMutation } from '../../lib/invalidating-mutation.js';
import { CONSOLE_KEYS, consoleApi } from './console-api.js';

/** Query key of the organization tree (docs/console.md "Organizations"). */
export const ORGANIZATION_KEYS = { tree: ['console', 'organizations'] as const };

export const organizationsApi = {
  tree: () => http.get<OrganizationNode[]>(ORGANIZATION_PATHS.tree),
};

export const useOrganizationTree = () => useQuery({ queryKey: ORGANIZATION_KEYS.tree, queryFn: organizationsApi.tree });

/** The first 20 accounts matching `keyword` (all when empty), to pick for an assignment. */
export const useAccountPick = (keyword: string) =>
  useQuery({
    queryKey: [...CONSOLE_KEYS.users, 'pick', keyword],
    queryFn: () => consoleApi.users(1, 20, keyword ? { keyword } : {}),
  });

// A rename shows in the accounts' organization column; an assignment in both lists' counts.
export const useAddOrganization = () =>
  usePostMutation<Partial<OrganizationAddBody>, OrganizationNode>(ORGANIZATION_PATHS.add, [ORGANIZATION_KEYS.tree]);
export const useEditOrganization = () =>
  usePostMutation<OrganizationEditBody, OrganizationNode>(ORGANIZATION_PATHS.edit, [
    ORGANIZATION_KEYS.tree,
    CONSOLE_KEYS.users,
  ]);
export const useRemoveOrganization = () =>
  useInvalidatingMutation((id: string) => http.del<null>(ORGANIZATION_PATHS.remove(id)), [ORGANIZATION_KEYS.tree]);
export const useAssignOrganization = () =>
  useInvalidatingMutation(
    (body: Partial<OrganizationAssignBody>) =>
      http.post<{ users: number; teams: number }>(ORGANIZATION_PATHS.assign, { body }),
    [ORGANIZATION_KEYS.tree, CONSOLE_KEYS.users, CONSOLE_KEYS.teams],
  );

/** Every node of the tree, depth first. */
export const flattenOrganizations = (nodes: readonly OrganizationNode[]): OrganizationNode[] =>
  nodes.flatMap((n) => [n, ...flattenOrganizations(n.children)]);
