import { displayNameField, usernameField, type WorkspaceRole } from '@omnichat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Flex, Form, Input, Result, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, http } from '../../app/http/index.ts';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { useSession } from '../../app/session/use-session.ts';
import { STORAGE_KEYS, writeString } from '../../app/storage.ts';
import { zodRule } from '../../ui/zod-rule.ts';
import { AuthShell } from './AuthShell.tsx';
import { refreshForWorkspace, switchWorkspace } from './login-flow.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';

interface InvitePreview {
  workspace: { id: string; name: string; avatar: string };
  email: string;
  role: WorkspaceRole;
  invited_by: string;
  has_account: boolean;
}

interface AccountValues {
  username: string;
  display_name: string;
  password: string;
  confirm_password: string;
}

/** The login page with a way back to this join link. */
export const signInToJoinPath = (token: string) =>
  `/auth/login?redirect=${encodeURIComponent(`/auth/join?token=${encodeURIComponent(token)}`)}`;

/** /auth/join?token=…: accept an organization invitation (signed in, by signing in, or with a new account). */
export function JoinPage() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessionState = useSession();
  const [form] = Form.useForm<AccountValues>();
  const [busy, setBusy] = useState(false);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const signedIn = Boolean(sessionState.token) && sessionState.loginType === 'system_user';

  const preview = useQuery({
    queryKey: ['invite-preview', token],
    enabled: token !== '',
    retry: false,
    queryFn: () => http.get<InvitePreview>('/public/v1/workspace/invite', { query: { token }, silent: true }),
  });

  const enter = () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public-settings' });
    navigate('/app/dashboard', { replace: true });
  };

  const acceptSignedIn = async () => {
    setBusy(true);
    try {
      const result = await http.post<{ workspace_id: string }>('/public/v1/workspace/invite/accept', { token });
      if (await switchWorkspace(result.workspace_id)) enter();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const acceptWithAccount = async (values: AccountValues) => {
    setBusy(true);
    try {
      const result = await http.post<{ workspace_id: string; token?: string }>('/public/v1/workspace/invite/accept', {
        token,
        account: {
          username: values.username.trim(),
          display_name: values.display_name.trim(),
          password: values.password,
        },
      });
      if (result.token) {
        writeString(STORAGE_KEYS.token, result.token);
        writeString(STORAGE_KEYS.loginType, 'system_user');
        writeString(STORAGE_KEYS.systemRole, 'system_user');
        writeString(STORAGE_KEYS.admin, null);
        writeString(STORAGE_KEYS.workspaceId, result.workspace_id);
        await refreshForWorkspace(result.workspace_id, 'public');
      }
      enter();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setNeedsSignIn(true);
      else if (error instanceof ApiError && error.fields) {
        form.setFields(
          Object.entries(error.fields).map(([name, message]) => ({
            name: name as keyof AccountValues,
            errors: [message],
          })),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  const home = (
    <Link to="/">
      <Button type="primary">{t('common.goHome')}</Button>
    </Link>
  );

  if (!token || preview.isError) {
    return (
      <AuthShell title={t('join.title')}>
        <Result
          status="warning"
          title={t('join.invalidTitle')}
          subTitle={!token ? t('join.missingToken') : preview.error?.message}
          extra={home}
        />
      </AuthShell>
    );
  }

  if (preview.isPending) {
    return (
      <AuthShell title={t('join.title')}>
        <Skeleton active avatar paragraph={{ rows: 3 }} aria-label={t('join.loading')} />
      </AuthShell>
    );
  }

  const invite = preview.data;
  const signInLink = (
    <Button type="primary" block size="large" onClick={() => navigate(signInToJoinPath(token))}>
      {t('join.signInToAccept')}
    </Button>
  );

  let action: ReactNode;
  if (signedIn)
    action = (
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t('join.signedInAs', { name: sessionState.user?.display_name || sessionState.user?.username || '' })}
        </Typography.Text>
        <Button type="primary" block size="large" loading={busy} onClick={() => void acceptSignedIn()}>
          {t('join.accept')}
        </Button>
      </Flex>
    );
  else if (invite.has_account || needsSignIn) action = signInLink;
  else
    action = (
      <Form<AccountValues>
        form={form}
        layout="vertical"
        name="join"
        noValidate
        onFinish={acceptWithAccount}
        onFinishFailed={({ errorFields }) => console.warn('join: invalid fields', errorFields)}
        disabled={busy}
      >
        <Typography.Paragraph type="secondary">{t('join.newAccountHint')}</Typography.Paragraph>
        <Form.Item name="username" label={t('auth.username')} required rules={[zodRule(usernameField, locale)]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="display_name"
          label={t('auth.displayName')}
          required
          rules={[zodRule(displayNameField, locale)]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <NewPasswordFields label={t('auth.password')} />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('join.createAndJoin')}
        </Button>
      </Form>
    );

  return (
    <AuthShell
      title={t('join.title')}
      footer={
        !signedIn && !invite.has_account && !needsSignIn ? (
          <Typography.Text type="secondary">
            {t('auth.haveAccount')} <Link to={signInToJoinPath(token)}>{t('auth.signIn')}</Link>
          </Typography.Text>
        ) : undefined
      }
    >
      <Flex align="center" gap={12} style={{ marginBottom: 16 }}>
        <Avatar size={48} src={invite.workspace.avatar || undefined} alt="">
          {invite.workspace.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {invite.workspace.name}
        </Typography.Text>
      </Flex>
      <Typography.Paragraph>
        {t('join.invitedYou', {
          inviter: invite.invited_by,
          organization: invite.workspace.name,
          role: t(`roles.${invite.role}`),
        })}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('join.sentTo', { email: invite.email })}</Typography.Paragraph>
      {action}
    </AuthShell>
  );
}
