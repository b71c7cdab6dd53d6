import { displayNameField, emailField } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AvatarPicker, storedAvatar, type UploadedFile } from '../../ui/AvatarPicker.tsx';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryView } from '../../ui/QueryView.tsx';
import { ChangePasswordCard } from '../shell/index.ts';
import { adminKeys, changeAdminPassword, getAdminSelf, useSaveAdminSelf } from './admin-api.ts';

interface ProfileValues {
  display_name: string;
  email: string;
  avatar?: UploadedFile | null;
}

/** /admin/profile: display name, avatar and e-mail (GET/PUT /v1/admin/self) and the password change. */
export function AdminProfilePage() {
  const { t } = useTranslation();
  const rules = useRules();
  const self = useQuery({ queryKey: adminKeys.self, queryFn: getAdminSelf });
  const [form] = Form.useForm<ProfileValues>();
  const save = useSaveAdminSelf();
  const details = (
    <QueryView query={self} rows={3} avatar>
      {(admin) => (
        <ApiForm
          key={admin.id}
          form={form}
          name="admin-profile"
          submit={(values: ProfileValues) =>
            save.mutateAsync({
              display_name: values.display_name.trim(),
              email: values.email.trim(),
              avatar: values.avatar?.dataUrl ?? '',
            })
          }
          initialValues={{
            display_name: admin.display_name,
            email: admin.email,
            avatar: storedAvatar(admin.avatar),
          }}
          style={{ maxWidth: 560 }}
        >
          <Form.Item name="avatar" label={t('account.avatar')}>
            <AvatarPicker />
          </Form.Item>
          <Form.Item name="display_name" label={t('account.displayName')} required rules={rules.zod(displayNameField)}>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item label={t('account.username')} htmlFor="admin-profile-username">
            <Input id="admin-profile-username" value={admin.username} readOnly variant="filled" />
          </Form.Item>
          <Form.Item name="email" label={t('account.email')} required rules={rules.zod(emailField)}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Flex justify="flex-end">
            <SubmitButton>{t('common.save')}</SubmitButton>
          </Flex>
        </ApiForm>
      )}
    </QueryView>
  );

  return (
    <>
      <PageHeader title={t('admin.profile')} />
      <Flex vertical gap={16}>
        <Card title={t('account.details')}>{details}</Card>
        <ChangePasswordCard change={changeAdminPassword} formName="admin-change-password" />
      </Flex>
    </>
  );
}
