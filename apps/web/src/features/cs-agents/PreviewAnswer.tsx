import type { CsAgentPreview } from '@omnichat/contracts';
import { Collapse, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from '../../ui/text.tsx';

const listStyle = { margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: 8 } as const;
/** a passage's first lines: enough to recognise it */
const clipped = {
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

/** One answer of "Try it": what the customer would read, a handoff with its reason, its sources, and why. */
export function PreviewAnswer({ answer }: { answer: CsAgentPreview }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <span style={{ whiteSpace: 'pre-wrap' }}>{answer.reply}</span>
      {answer.handoff && (
        <Flex vertical gap={4} align="flex-start">
          <Tag color="orange" style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
            {answer.handoff_reason
              ? t('csAgents.tryIt.handoff', { reason: t(`csAgents.tryIt.reasons.${answer.handoff_reason}`) })
              : t('csAgents.tryIt.handoffPlain')}
          </Tag>
          {answer.handoff_note && <Text secondary>{t('csAgents.tryIt.note', { note: answer.handoff_note })}</Text>}
        </Flex>
      )}
      {answer.sources.length > 0 && (
        <Flex gap={4} wrap align="center">
          <Text secondary>{t('csAgents.tryIt.sources')}:</Text>
          {answer.sources.map((source) => (
            <Tag key={source.article_id} color="blue" style={{ whiteSpace: 'normal' }}>
              {source.title}
            </Tag>
          ))}
        </Flex>
      )}
      <Collapse
        size="small"
        items={[{ key: 'why', label: t('csAgents.tryIt.why'), children: <Why answer={answer} /> }]}
      />
    </Flex>
  );
}

/** The passages the search found (the relevant ones went into the prompt), the instructions, the tokens. */
function Why({ answer }: { answer: CsAgentPreview }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const count = new Intl.NumberFormat(i18n.language);
  return (
    <Flex vertical gap={12}>
      <section>
        <Text strong>{t('csAgents.tryIt.passages')}</Text>
        {answer.passages.length === 0 ? (
          <div>
            <Text secondary>{t('csAgents.tryIt.noPassages')}</Text>
          </div>
        ) : (
          <ol aria-label={t('csAgents.tryIt.passages')} style={{ ...listStyle, marginTop: 4 }}>
            {answer.passages.map((passage, index) => (
              // one article may give several passages, and the list never changes: the position tells them apart
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={`${passage.article_id}-${index}`}>
                <Flex gap={4} wrap align="center">
                  <Text strong>{passage.title}</Text>
                  <Tag>{t('csAgents.tryIt.score', { score: passage.score.toFixed(3) })}</Tag>
                  <Tag>{t('csAgents.tryIt.match', { match: percent.format(passage.match) })}</Tag>
                  {passage.relevant ? (
                    <Tag color="green">{t('csAgents.tryIt.used')}</Tag>
                  ) : (
                    <Tag>{t('csAgents.tryIt.notRelevant')}</Tag>
                  )}
                </Flex>
                <Text secondary style={clipped}>
                  {passage.content}
                </Text>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section>
        <Text strong>{t('csAgents.tryIt.instructions')}</Text>
        {answer.instructions.length === 0 ? (
          <div>
            <Text secondary>{t('csAgents.tryIt.noInstructions')}</Text>
          </div>
        ) : (
          <ol aria-label={t('csAgents.tryIt.instructions')} style={{ ...listStyle, marginTop: 4 }}>
            {answer.instructions.map((instruction, index) => (
              <li key={instruction.id}>
                <Text>
                  {index + 1}. {instruction.title}
                </Text>
                <br />
                <Text secondary>
                  {t('csAgents.instructions.condition')}: {instruction.condition || t('csAgents.instructions.always')}
                </Text>
              </li>
            ))}
          </ol>
        )}
      </section>
      <Text secondary>
        {answer.usage
          ? t('csAgents.tryIt.tokens', {
              input: count.format(answer.usage.input_tokens),
              output: count.format(answer.usage.output_tokens),
            })
          : t('csAgents.tryIt.noModel')}
      </Text>
    </Flex>
  );
}
