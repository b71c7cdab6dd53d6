import { authEndpoints, displayNameField, selfEndpoints } from '@omnichat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../app/http/index.ts';
import { queryKeys } from '../../app/queries.ts';
import { storeUser } from '../../app/storage.ts';
import { AvatarPicker, storedAvatar, type UploadedFile } from '../../ui/AvatarPicker.tsx';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ChangeEmailCard } from './ChangeEmailCard.tsx';
import { ChangePasswordCard } from './ChangePasswordCard.tsx';
import './i18n/account.ts';

interface ProfileValues {
  display_name: string;
  avatar?: UploadedFile | null;
}

/** Saves the display name and avatar: the answer becomes the stored and cached user. */
function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ProfileValues) =>
      http.call(selfEndpoints.updateProfile, {
        body: { display_name: values.display_name.trim(), avatar: values.avatar?.dataUrl ?? '' },
      }),
    onSuccess: (saved) => {
      storeUser(saved);
      queryClient.setQueryData(queryKeys.self, saved);
    },
  });
}

/** /app/profile: display name and avatar (PUT /v1/self), the e-mail change (confirmed by a mailed link), and the password change. */
export function ProfilePage() {
  const { t } = useTranslation();
  const rules = useRules();
  const self = useQuery({ queryKey: queryKeys.self, queryFn: () => http.call(selfEndpoints.profile) });
  const [profileForm] = Form.useForm<ProfileValues>();
  const save = useSaveProfile();
  const user = self.data;

  return (
    <>
      <PageHeader title={t('pages.profile')} />
      <Flex vertical gap={16}>
        <Card title={t('account.details')}>
          {!user ? (
            <Skeleton active avatar loading={self.isPending} />
          ) : (
            <ApiForm
              key={user.id}
              form={profileForm}
              name="profile"
              initialValues={{
                display_name: user.display_name,
                avatar: storedAvatar(user.avatar),
              }}
              submit={save.mutateAsync}
              style={{ maxWidth: 560 }}
            >
              <Form.Item name="avatar" label={t('account.avatar')}>
                <AvatarPicker />
              </Form.Item>
              <Form.Item
                name="display_name"
                label={t('account.displayName')}
                required
                rules={rules.zod(displayNameField)}
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
                <SubmitButton>{t('common.save')}</SubmitButton>
              </Flex>
            </ApiForm>
          )}
        </Card>
        <ChangeEmailCard currentEmail={user?.email} />
        <ChangePasswordCard
          formName="change-password"
          change={(body) => http.call(authEndpoints.changePassword, { body, inlineFields: true })}
        />
      </Flex>
    </>
  );
}
