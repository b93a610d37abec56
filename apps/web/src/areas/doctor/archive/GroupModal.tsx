import './texts.js';
import { useState } from 'react';
import { Button, Divider, Input, Modal, Select, Space, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaseGroup } from '@tcm/contract';
import { useAddGroup, useJoinGroup } from './archive-api.js';
import { asyncHandler } from '../../../lib/async-handler.js';

const NONE = '__none__';

/** joinGroups: put the selected own cases into an own group (or none); a new group may be shared. */
export function GroupModal(props: {
  open: boolean;
  ids: string[];
  groups: CaseGroup[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [groupId, setGroupId] = useState<string>(NONE);
  const [name, setName] = useState('');
  const [share, setShare] = useState<string[]>([]);
  const [extra, setExtra] = useState<CaseGroup[]>([]);
  const join = useJoinGroup();
  const addGroup = useAddGroup();
  const all = [...props.groups, ...extra.filter((g) => !props.groups.some((x) => x.id === g.id))];
  return (
    <Modal
      open={props.open}
      title={t('archive.group.title')}
      onCancel={props.onClose}
      okButtonProps={{ loading: join.isPending, 'data-testid': 'group-save' }}
      onOk={asyncHandler(async () => {
        await join.mutateAsync({ ids: props.ids, groupId: groupId === NONE ? null : groupId });
        void message.success(t('archive.group.done'));
        props.onDone();
      })}
      destroyOnHidden
    >
      <Select
        style={{ width: '100%' }}
        value={groupId}
        onChange={setGroupId}
        options={[{ value: NONE, label: t('archive.group.none') }, ...all.map((g) => ({ value: g.id, label: g.name }))]}
        data-testid="group-select"
      />
      <Divider />
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input placeholder={t('archive.group.newName')} value={name} onChange={(e) => setName(e.target.value)} />
        <Select
          mode="tags"
          style={{ width: '100%' }}
          placeholder={t('archive.group.shareWith')}
          value={share}
          onChange={setShare}
          open={false}
        />
        <Button
          disabled={!name.trim()}
          loading={addGroup.isPending}
          onClick={asyncHandler(async () => {
            const g = await addGroup.mutateAsync({ name: name.trim(), shareWith: share });
            setExtra((x) => [...x, g]);
            setGroupId(g.id);
            setName('');
            setShare([]);
          })}
        >
          {t('archive.group.create')}
        </Button>
      </Space>
    </Modal>
  );
}
