import { CS_AGENT_LIMITS, type CsAgentPreview, type CsAgentPreviewBody } from '@omnichat/contracts';
import { Alert, Button, Card, Flex, Input, Spin, theme } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http/index.ts';
import { useSession } from '../../app/session/use-session.ts';
import { Text } from '../../ui/text.tsx';
import { usePreview } from './cs-agents-api.ts';
import { PreviewAnswer } from './PreviewAnswer.tsx';

/** the route takes at most this many turns before the question */
const HISTORY_MAX = 12;

interface Exchange {
  question: string;
  answer: CsAgentPreview;
}

/** The turns so far as the route's `history`: the question, then the reply, oldest first; the last 12. */
const historyOf = (exchanges: Exchange[]): NonNullable<CsAgentPreviewBody['history']> =>
  exchanges
    .flatMap(({ question, answer }) => [
      { from: 'customer' as const, text: question },
      { from: 'agent' as const, text: answer.reply.slice(0, CS_AGENT_LIMITS.previewMessageMax) },
    ])
    .slice(-HISTORY_MAX);

/** "Try it": a chat with the agent as a customer; each reply shows why (passages, instructions). Nothing is sent. */
export function TryItTab({ agentId, agentName, canWrite }: { agentId: string; agentName: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const { workspaceId } = useSession();
  const preview = usePreview(workspaceId, agentId);
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [pending, setPending] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** bumped by "Start over": an answer to a question asked before it is dropped */
  const round = useRef(0);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (exchanges.length > 0 || pending !== null) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [exchanges, pending]);

  const send = async () => {
    const question = text.trim();
    if (!question || pending !== null) return;
    const asked = round.current;
    setError(null);
    setPending(question);
    setText('');
    try {
      const history = historyOf(exchanges);
      const answer = await preview.mutateAsync({ message: question, ...(history.length ? { history } : {}) });
      if (round.current !== asked) return;
      setExchanges((current) => [...current, { question, answer }]);
    } catch (failure) {
      if (round.current !== asked) return;
      setError(failure instanceof ApiError ? failure.message : String(failure));
      setText((current) => current || question);
    } finally {
      if (round.current === asked) setPending(null);
    }
  };

  const startOver = () => {
    round.current += 1;
    setExchanges([]);
    setPending(null);
    setError(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <Card>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
        <Text secondary>{t('csAgents.tryIt.intro')}</Text>
        {canWrite && (
          <Button onClick={startOver} disabled={exchanges.length === 0 && pending === null && !error}>
            {t('csAgents.tryIt.startOver')}
          </Button>
        )}
      </Flex>
      {!canWrite ? (
        <Alert type="info" showIcon title={t('csAgents.tryIt.readOnly')} />
      ) : (
        <Flex vertical gap={12}>
          {exchanges.length === 0 && pending === null ? (
            <Text secondary style={{ textAlign: 'center', padding: '24px 0' }}>
              {t('csAgents.tryIt.empty')}
            </Text>
          ) : (
            <ol
              aria-label={t('csAgents.tryIt.conversation')}
              style={{ margin: 0, padding: 0, display: 'grid', gap: 12, listStyle: 'none' }}
            >
              {exchanges.map(({ question, answer }, index) => (
                // the turns only grow (or all go): their index is stable
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Turns key={index} question={question} agentName={agentName}>
                  <PreviewAnswer answer={answer} />
                </Turns>
              ))}
              {pending !== null && (
                <Turns question={pending} agentName={agentName}>
                  <Flex align="center" gap={8} role="status">
                    <Spin size="small" />
                    <Text secondary>{t('csAgents.tryIt.thinking')}</Text>
                  </Flex>
                </Turns>
              )}
            </ol>
          )}
          <div ref={end} />
          {error && <Alert type="error" showIcon title={error} />}
          <Flex gap={8} align="flex-end" wrap>
            <Input.TextArea
              aria-label={t('csAgents.tryIt.message')}
              placeholder={t('csAgents.tryIt.placeholder')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              maxLength={CS_AGENT_LIMITS.previewMessageMax}
              autoSize={{ minRows: 2, maxRows: 6 }}
              style={{ flex: '1 1 240px', minWidth: 0 }}
            />
            <Button type="primary" onClick={() => void send()} loading={pending !== null} disabled={!text.trim()}>
              {t('csAgents.tryIt.send')}
            </Button>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}

/** One question (the owner as the customer, on the right) and what the agent said to it (on the left). */
function Turns({ question, agentName, children }: { question: string; agentName: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const bubble = {
    padding: '8px 12px',
    borderRadius: token.borderRadiusLG,
    maxWidth: 'min(720px, 90%)',
    minWidth: 0,
    overflowWrap: 'anywhere' as const,
  };
  return (
    <li style={{ display: 'grid', gap: 8 }}>
      <Flex vertical align="flex-end" gap={2}>
        <Text secondary style={{ fontSize: token.fontSizeSM }}>
          {t('csAgents.tryIt.customer')}
        </Text>
        <div style={{ ...bubble, whiteSpace: 'pre-wrap', background: token.colorPrimaryBg }}>{question}</div>
      </Flex>
      <Flex vertical align="flex-start" gap={2}>
        <Text secondary style={{ fontSize: token.fontSizeSM }}>
          {agentName}
        </Text>
        <div style={{ ...bubble, background: token.colorFillTertiary, width: 'min(720px, 90%)' }}>{children}</div>
      </Flex>
    </li>
  );
}
