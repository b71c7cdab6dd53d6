import { organizationNameField, type SelfWorkspace, timeZoneField, translate } from '@omnichat/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, http } from '../../app/http/index.ts';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { queryKeys } from '../../app/queries.ts';
import { toast } from '../../app/toast/toast-store.ts';
import { AvatarPicker, type UploadedFile } from '../../ui/AvatarPicker.tsx';
import { RemoteSelect } from '../../ui/RemoteSelect.tsx';
import { zodRule } from '../../ui/zod-rule.ts';
import { browserTimeZone, getTimeZone, searchTimeZones } from './timezone-api.ts';

interface FormValues {
  name: string;
  time_zone: string;
  avatar?: UploadedFile;
}

/** The create-organization dialog (SPEC 2, 5): name, time zone, optional avatar. */
export function CreateOrganizationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      await http.post<SelfWorkspace>('/v1/workspace', {
        name: values.name.trim(),
        time_zone: values.time_zone,
        ...(values.avatar ? { avatar: values.avatar.dataUrl } : {}),
      });
      toast.success(translate('save_success', locale));
      await queryClient.invalidateQueries({ queryKey: queryKeys.selfWorkspaces });
      onClose();
      navigate('/app/organization');
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        form.setFields(
          Object.entries(error.fields).map(([name, message]) => ({
            name: name as keyof FormValues,
            errors: [message],
          })),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} onCancel={onClose} title={t('organization.createTitle')} footer={null} destroyOnHidden>
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="create-organization"
        initialValues={{ time_zone: browserTimeZone() }}
        onFinish={submit}
        onFinishFailed={({ errorFields }) => console.warn('create organization: invalid fields', errorFields)}
        requiredMark
      >
        <Form.Item
          name="name"
          label={t('organization.name')}
          required
          rules={[zodRule(organizationNameField, locale)]}
          validateTrigger={['onChange', 'onBlur']}
        >
          <Input autoFocus autoComplete="organization" />
        </Form.Item>
        <Form.Item
          name="time_zone"
          label={t('organization.timeZone')}
          required
          rules={[zodRule(timeZoneField, locale)]}
        >
          <RemoteSelect
            search={searchTimeZones}
            getByValue={getTimeZone}
            placeholder={t('organization.timeZonePlaceholder')}
          />
        </Form.Item>
        <Form.Item name="avatar" label={t('organization.avatar')}>
          <AvatarPicker />
        </Form.Item>
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common.create')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
