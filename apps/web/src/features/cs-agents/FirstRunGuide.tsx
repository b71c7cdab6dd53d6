import { Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readString, STORAGE_KEYS, writeString } from '../../app/storage.ts';
import { Heading, Text } from '../../ui/text.tsx';

/** The first-run walkthrough of the AI agents (issue 26's guided tutorial): hidden for good once dismissed. */
export function FirstRunGuide() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => readString(STORAGE_KEYS.csAgentGuide) === 'dismissed');
  if (dismissed) return null;
  const dismiss = () => {
    writeString(STORAGE_KEYS.csAgentGuide, 'dismissed');
    setDismissed(true);
  };
  return (
    <Card style={{ marginBottom: 16 }} aria-labelledby="cs-agent-guide">
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
        <span id="cs-agent-guide">
          <Heading level={4} style={{ margin: 0 }}>
            {t('csAgents.guide.title')}
          </Heading>
        </span>
        <Button onClick={dismiss}>{t('csAgents.guide.dismiss')}</Button>
      </Flex>
      <ol style={{ margin: 0, paddingInlineStart: 20, display: 'grid', gap: 8 }}>
        {(['create', 'knowledge', 'channel', 'try'] as const).map((step) => (
          <li key={step}>
            <Text strong>{t(`csAgents.guide.${step}Title`)}</Text>
            <br />
            <Text secondary>{t(`csAgents.guide.${step}`)}</Text>
          </li>
        ))}
      </ol>
    </Card>
  );
}
