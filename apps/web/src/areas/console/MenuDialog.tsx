import { Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuAddBody, type MenuAddBody, type MenuNode } from '@tcm/contract';
import { schemaRule, useSchemaRules } from '../../lib/form-rules.js';
import { useAddMenu, useEditMenu } from './console-api.js';
import { FormDialog } from '../../components/SaveDialog.js';

type Values = Pick<
  MenuAddBody,
  | 'type'
  | 'name'
  | 'nameEn'
  | 'path'
  | 'component'
  | 'iconCls'
  | 'buttonCode'
  | 'buttonUrl'
  | 'buttonIcon'
  | 'sort'
  | 'showOnSideBar'
  | 'blank'
  | 'isFullscreen'
  | 'framePage'
>;

/** Add an entry under `parent` (null: a head entry of `area`), or edit `entry`. */
export function MenuDialog(props: {
  entry: MenuNode | null;
  parent: MenuNode | null;
  area: MenuNode['area'];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const e = props.entry;
  const initial: Partial<Values> = e
    ? { ...e, ...e.meta }
    : {
        type: props.parent ? (props.parent.type === 'head' ? 'menu' : 'button') : 'head',
        sort: 0,
        showOnSideBar: true,
      };
  const type = Form.useWatch('type', form) ?? initial.type;
  const add = useAddMenu();
  const edit = useEditMenu();
  const schema = useSchemaRules(menuAddBody.shape);
  // A button needs its code although the schema lets other entries go without: required here.
  const text = (name: keyof Values, label: string, required = false) => (
    <Form.Item
      name={name}
      label={label}
      required={required}
      rules={[
        schemaRule(required ? menuAddBody.shape[name].nonoptional() : menuAddBody.shape[name], schema.lang, name),
      ]}
    >
      <Input {...schema.text(name)} data-testid={`menu-${name}`} />
    </Form.Item>
  );
  const save = async () => {
    const v = await form.validateFields();
    // Blank optional texts are sent as null so that clearing a field clears it on the server.
    const body = Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, x === '' ? null : x]),
    ) as Partial<MenuAddBody>;
    if (e) await edit.mutateAsync({ ...body, id: e.id });
    else await add.mutateAsync({ ...body, pid: props.parent?.id ?? 0, area: props.area });
  };
  return (
    <FormDialog
      form={form}
      initialValues={initial}
      title={t(e ? 'consoleAdmin.editMenu' : 'consoleAdmin.addMenu')}
      testId="menu"
      width={720}
      save={save}
      onClose={props.onClose}
      onSaved={props.onSaved}
    >
      <Space wrap align="start">
        <Form.Item name="type" label={t('consoleAdmin.menuType')}>
          <Select
            style={{ width: 140 }}
            options={(['head', 'menu', 'button'] as const).map((x) => ({
              value: x,
              label: t(`consoleAdmin.menuTypes.${x}`),
            }))}
          />
        </Form.Item>
        {text('name', t('consoleAdmin.menuName'), true)}
        {text('nameEn', t('consoleAdmin.menuNameEn'))}
        <Form.Item name="sort" label={t('consoleAdmin.sort')}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
      </Space>
      {type === 'button' ? (
        <Space wrap align="start">
          {text('buttonCode', t('consoleAdmin.buttonCode'), true)}
          {text('buttonUrl', t('consoleAdmin.buttonUrl'))}
          {text('buttonIcon', t('consoleAdmin.icon'))}
        </Space>
      ) : (
        <>
          <Space wrap align="start">
            {text('path', t('consoleAdmin.path'))}
            {text('component', t('consoleAdmin.component'))}
            {text('iconCls', t('consoleAdmin.icon'))}
          </Space>
          <Space wrap>
            {(['showOnSideBar', 'blank', 'isFullscreen', 'framePage'] as const).map((k) => (
              <Form.Item key={k} name={k} valuePropName="checked" noStyle>
                <Checkbox>{t(`consoleAdmin.flags.${k}`)}</Checkbox>
              </Form.Item>
            ))}
          </Space>
        </>
      )}
    </FormDialog>
  );
}
