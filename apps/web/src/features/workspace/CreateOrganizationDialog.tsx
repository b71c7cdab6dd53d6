import { organizationNameField, selfEndpoints, timeZoneField } from '@omnichat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, type InputRef, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http } from '../../app/http/index.ts';
import { queryKeys } from '../../app/queries.ts';
import { AvatarPicker, type UploadedFile } from '../../ui/AvatarPicker.tsx';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { RemoteSelect } from '../../ui/RemoteSelect.tsx';
import { useOpeningFocus } from '../../ui/use-opening-focus.ts';
import { browserTimeZone, defaultTimeZone, getTimeZone, searchTimeZones } from './timezone-api.ts';
import { useEnterWorkspace } from './use-enter-workspace.ts';

interface FormValues {
  name: string;
  time_zone: string;
  avatar?: UploadedFile;
}

/** Creates an organization; the user's organization list is refreshed afterwards. */
function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: FormValues) =>
      http.call(selfEndpoints.createWorkspace, {
        body: {
          name: values.name.trim(),
          time_zone: values.time_zone,
          ...(values.avatar ? { avatar: values.avatar.dataUrl } : {}),
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.selfWorkspaces }),
  });
}

/**
 * The create-organization dialog (SPEC 2, 5): name, time zone (the browser's own by default), optional avatar.
 * The new organization is entered at once: the session is bound to it and its dashboard opens (issue #13).
 */
export function CreateOrganizationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useRules();
  const opening = useOpeningFocus<InputRef>();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateOrganization();
  const navigate = useNavigate();
  const enterWorkspace = useEnterWorkspace();

  // the browser's zone is shown at once; the server says whether it knows it (else UTC) and under which name
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const browser = browserTimeZone();
    void defaultTimeZone().then((zone) => {
      if (!cancelled && zone !== browser && form.getFieldValue('time_zone') === browser)
        form.setFieldValue('time_zone', zone);
    });
    return () => {
      cancelled = true;
    };
  }, [open, form]);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('organization.createTitle')}
      footer={null}
      destroyOnHidden
      afterOpenChange={opening.afterOpenChange}
    >
      <ApiForm
        form={form}
        name="create-organization"
        initialValues={{ time_zone: browserTimeZone() }}
        submit={create.mutateAsync}
        onDone={async (created) => {
          const entered = await enterWorkspace(created.id);
          onClose();
          // SPEC 7's /app/organization, where the organization is listed, when the session could not be bound
          if (!entered) await navigate('/app/organization');
        }}
        requiredMark
      >
        <Form.Item
          name="name"
          label={t('organization.name')}
          required
          rules={rules.zod(organizationNameField)}
          validateTrigger={['onChange', 'onBlur']}
        >
          <Input ref={opening.field} autoFocus autoComplete="organization" />
        </Form.Item>
        <Form.Item name="time_zone" label={t('organization.timeZone')} required rules={rules.zod(timeZoneField)}>
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
          <SubmitButton>{t('common.create')}</SubmitButton>
        </Flex>
      </ApiForm>
    </Modal>
  );
}
