import type { WebchatConfig, WebchatMessage } from '@omnichat/contracts';
import { useEffect, useRef } from 'react';
import { Refused, type WidgetApi } from '../../widget/api.ts';
import { mountWidget } from '../../widget/widget.ts';

/** A widget API that answers from the settings being edited and keeps what is typed in the page (nothing is sent). */
function previewApi(config: WebchatConfig, noFiles: string): WidgetApi {
  let started = false;
  let seq = 0;
  const stream = Object.assign(new EventTarget(), { close() {}, readyState: 1, onopen: null, onerror: null });
  return {
    get started() {
      return started;
    },
    config: async () => config,
    start: async () => {
      started = true;
    },
    messages: async () => [],
    send: async (body) => {
      seq += 1;
      return {
        id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
        direction: 'inbound',
        text: body.text ?? null,
        attachment: null,
        seq,
        created_at: Math.floor(Date.now() / 1000),
      } satisfies WebchatMessage;
    },
    upload: async () => {
      throw new Refused(noFiles);
    },
    conversation: async () => null,
    rate: async (score) => ({ id: '00000000-0000-4000-8000-000000000000', status: 'closed', csat_score: score }),
    contact: async (email) => ({
      id: '00000000-0000-4000-8000-0000000000ff',
      direction: 'inbound',
      text: email,
      attachment: null,
      seq: ++seq,
      created_at: Math.floor(Date.now() / 1000),
    }),
    fileUrl: (url) => url,
    events: () => stream as unknown as EventSource,
  };
}

/**
 * The widget itself (the module sites load), open in the page with the settings not saved yet: it is mounted
 * again whenever they change.
 */
export function WidgetPreview({
  config,
  language,
  noFiles,
  label,
}: {
  config: WebchatConfig;
  language: string;
  noFiles: string;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const key = JSON.stringify(config);
  useEffect(() => {
    if (!container.current) return;
    const widget = mountWidget({
      origin: window.location.origin,
      key: 'preview',
      language,
      inline: true,
      container: container.current,
      api: previewApi(JSON.parse(key) as WebchatConfig, noFiles),
    });
    return () => widget.destroy();
  }, [key, language, noFiles]);
  return <section ref={container} aria-label={label} data-testid="widget-preview" style={{ maxWidth: 380 }} />;
}
