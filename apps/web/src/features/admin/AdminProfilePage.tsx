import { type Admin, displayNameField, emailField, translate } from '@omnichat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { storeAdmin } from '../../app/storage.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { AvatarPicker, type UploadedFile } from '../../ui/AvatarPicker.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { zodRule } from '../../ui/zod-rule.ts';
import { ChangePasswordCard } from '../shell/ChangePasswordCard.tsx';
import { adminKeys, changeAdminPassword, getAdminSelf, putAdminSelf } from './admin-api.ts';

interface ProfileValues {
  display_name: string;
  email: string;
  avatar?: UploadedFile | null;
}

/** /admin/profile: display name, avatar and e-mail (GET/PUT /v1/admin/self) and the password change. */
export function AdminProfilePage() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const queryClient = useQueryClient();
  const self = useQuery({ queryKey: adminKeys.self, queryFn: getAdminSelf });
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  const admin = self.data;

  const save = async (values: ProfileValues) => {
    setSaving(true);
    try {
      const saved = await putAdminSelf({
        display_name: values.display_name.trim(),
        email: values.email.trim(),
        avatar: values.avatar?.dataUrl ?? '',
      });
      storeAdmin(saved);
      queryClient.setQueryData<Admin>(adminKeys.self, saved);
      toast.success(translate('save_success', locale));
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  let details = <Skeleton active avatar paragraph={{ rows: 3 }} />;
  if (self.isError)
    details = (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        extra={<Button onClick={() => void self.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else if (admin)
    details = (
      <Form<ProfileValues>
        key={admin.id}
        form={form}
        name="admin-profile"
        layout="vertical"
        noValidate
        initialValues={{
          display_name: admin.display_name,
          email: admin.email,
          avatar: admin.avatar ? { dataUrl: admin.avatar, filename: 'avatar' } : undefined,
        }}
        onFinish={save}
        onFinishFailed={({ errorFields }) => console.warn('admin profile: invalid fields', errorFields)}
        disabled={saving}
        style={{ maxWidth: 560 }}
      >
        <Form.Item name="avatar" label={t('account.avatar')}>
          <AvatarPicker />
        </Form.Item>
        <Form.Item
          name="display_name"
          label={t('account.displayName')}
          required
          rules={[zodRule(displayNameField, locale)]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label={t('account.username')} htmlFor="admin-profile-username">
          <Input id="admin-profile-username" value={admin.username} readOnly variant="filled" />
        </Form.Item>
        <Form.Item name="email" label={t('account.email')} required rules={[zodRule(emailField, locale)]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Flex>
      </Form>
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
