import { displayNameField, translate, type User } from '@omnichat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/http/index.ts';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { queryKeys } from '../../app/queries.ts';
import { storeUser } from '../../app/storage.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { AvatarPicker, type UploadedFile } from '../../ui/AvatarPicker.tsx';
import { setServerFields } from '../../ui/form-errors.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { zodRule } from '../../ui/zod-rule.ts';
import { ChangeEmailCard } from './ChangeEmailCard.tsx';
import { ChangePasswordCard } from './ChangePasswordCard.tsx';

interface ProfileValues {
  display_name: string;
  avatar?: UploadedFile | null;
}

/** /app/profile: display name and avatar (PUT /v1/self), the e-mail change (confirmed by a mailed link), and the password change. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const queryClient = useQueryClient();
  const self = useQuery({ queryKey: queryKeys.self, queryFn: () => http.get<User>('/v1/self') });
  const [profileForm] = Form.useForm<ProfileValues>();
  const [savingProfile, setSavingProfile] = useState(false);
  const user = self.data;

  const saveProfile = async (values: ProfileValues) => {
    setSavingProfile(true);
    try {
      const saved = await http.put<User>('/v1/self', {
        display_name: values.display_name.trim(),
        avatar: values.avatar?.dataUrl ?? '',
      });
      storeUser(saved);
      queryClient.setQueryData(queryKeys.self, saved);
      toast.success(translate('save_success', locale));
    } catch (error) {
      setServerFields(profileForm, error);
    } finally {
      setSavingProfile(false);
    }
  };

  return (
    <>
      <PageHeader title={t('pages.profile')} />
      <Flex vertical gap={16}>
        <Card title={t('account.details')}>
          {!user ? (
            <Skeleton active avatar loading={self.isPending} />
          ) : (
            <Form<ProfileValues>
              key={user.id}
              form={profileForm}
              layout="vertical"
              name="profile"
              noValidate
              initialValues={{
                display_name: user.display_name,
                avatar: user.avatar ? { dataUrl: user.avatar, filename: 'avatar' } : undefined,
              }}
              onFinish={saveProfile}
              onFinishFailed={({ errorFields }) => console.warn('profile: invalid fields', errorFields)}
              disabled={savingProfile}
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
              <Form.Item label={t('account.username')} htmlFor="profile-username">
                <Input id="profile-username" value={user.username} readOnly variant="filled" />
              </Form.Item>
              <Form.Item label={t('account.email')} htmlFor="profile-email">
                <Input id="profile-email" value={user.email} readOnly variant="filled" />
              </Form.Item>
              <Flex justify="flex-end">
                <Button type="primary" htmlType="submit" loading={savingProfile}>
                  {t('common.save')}
                </Button>
              </Flex>
            </Form>
          )}
        </Card>
        <ChangeEmailCard currentEmail={user?.email} />
        <ChangePasswordCard
          formName="change-password"
          change={(values) => http.post<{ token: string }>('/v1/auth/change-password', values)}
        />
      </Flex>
    </>
  );
}
