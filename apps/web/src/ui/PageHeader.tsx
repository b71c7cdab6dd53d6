import { Flex } from 'antd';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { Heading, Text } from './text.tsx';

/** Layouts provide the part after the bar: the workspace name (or system name). */
export const TitleSuffixContext = createContext<string>('');

/** Sets the browser title to "{page title} | {suffix}" (just the title without a suffix). */
export function useDocumentTitle(title: string): void {
  const suffix = useContext(TitleSuffixContext);
  useEffect(() => {
    document.title = suffix ? `${title} | ${suffix}` : title;
  }, [title, suffix]);
}

/** The title sub-header of every page, with right-side content. */
export function PageHeader({ title, extra, subtitle }: { title: string; extra?: ReactNode; subtitle?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 20 }}>
      <div style={{ minWidth: 0 }}>
        <Heading level={3}>{title}</Heading>
        {subtitle && <Text secondary>{subtitle}</Text>}
      </div>
      {extra && (
        <Flex gap={8} wrap>
          {extra}
        </Flex>
      )}
    </Flex>
  );
}
