import { type GraphProblem, isMessageKey, resolveLocale, translate } from '@omnichat/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A graph problem as the reader says it: the catalogue's text, or "<field> is missing or invalid". */
export function useProblemText() {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.resolvedLanguage ?? i18n.language);
  return useCallback(
    (problem: GraphProblem) => {
      if (isMessageKey(problem.message)) return translate(problem.message, locale);
      const field = problem.path[2] === 'data' ? problem.path.slice(3).join('.') : '';
      return field ? t('workflows.problems.field', { field }) : t('workflows.problems.invalid');
    },
    [t, locale],
  );
}
