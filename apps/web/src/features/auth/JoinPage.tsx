import { memberEndpoints } from '@omnichat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Flex, Form, Result, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, http } from '../../app/http/index.ts';
import { refreshForWorkspace, switchWorkspace } from '../../app/session/login-flow.ts';
import { useSession } from '../../app/session/use-session.ts';
import { STORAGE_KEYS, writeString } from '../../app/storage.ts';
import { ApiForm, SubmitButton } from '../../ui/form/ApiForm.tsx';
import { useRules } from '../../ui/form/use-rules.ts';
import { AccountNameFields } from './AccountNameFields.tsx';
import { AuthShell } from './AuthShell.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import './i18n/join.ts';
import './i18n/auth.ts';

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
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessionState = useSession();
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const signedIn = Boolean(sessionState.token) && sessionState.loginType === 'system_user';

  const preview = useQuery({
    queryKey: ['invite-preview', token],
    enabled: token !== '',
    retry: false,
    queryFn: () => http.call(memberEndpoints.invitePreview, { query: { token }, silent: true }),
  });

  const enter = () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public-settings' });
    navigate('/app/dashboard', { replace: true });
  };

  const acceptSignedIn = useMutation({
    mutationFn: async () => {
      const result = await http.call(memberEndpoints.acceptInvite, { body: { token } });
      if (await switchWorkspace(result.workspace_id)) enter();
    },
  });

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
        <Button
          type="primary"
          block
          size="large"
          loading={acceptSignedIn.isPending}
          onClick={() => acceptSignedIn.mutate()}
        >
          {t('join.accept')}
        </Button>
      </Flex>
    );
  else if (invite.has_account || needsSignIn) action = signInLink;
  else action = <AccountJoinForm token={token} onJoined={enter} onNeedsSignIn={() => setNeedsSignIn(true)} />;

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

/** Accepting with a new account: username, display name and password; the answer signs the new user in. */
function AccountJoinForm({
  token,
  onJoined,
  onNeedsSignIn,
}: {
  token: string;
  onJoined: () => void;
  onNeedsSignIn: () => void;
}) {
  const { t } = useTranslation();
  const _rules = useRules();
  const [form] = Form.useForm<AccountValues>();

  const join = async (values: AccountValues) => {
    const result = await http.call(memberEndpoints.acceptInvite, {
      body: {
        token,
        account: {
          username: values.username.trim(),
          display_name: values.display_name.trim(),
          password: values.password,
        },
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
  };

  return (
    <ApiForm
      form={form}
      name="join"
      success={false}
      submit={join}
      onDone={onJoined}
      onFailed={(error) => {
        // the e-mail has an account by now (made elsewhere): accept by signing in
        if (error instanceof ApiError && error.status === 401) onNeedsSignIn();
      }}
    >
      <Typography.Paragraph type="secondary">{t('join.newAccountHint')}</Typography.Paragraph>
      <AccountNameFields />
      <NewPasswordFields label={t('auth.password')} />
      <SubmitButton block size="large">
        {t('join.createAndJoin')}
      </SubmitButton>
    </ApiForm>
  );
}
