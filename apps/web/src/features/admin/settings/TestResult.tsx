import { Alert } from 'antd';
import type { ReactNode } from 'react';

/** A connection test's outcome under its button, announced to screen readers (a failure as an alert). */
export function TestResult({ outcome }: { outcome: { ok: boolean; title: string; description: ReactNode } | null }) {
  return (
    <div aria-live="polite" style={{ marginTop: 12 }}>
      {outcome && (
        <Alert
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          role={outcome.ok ? 'status' : 'alert'}
          title={outcome.title}
          description={outcome.description}
        />
      )}
    </div>
  );
}
