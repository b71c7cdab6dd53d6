import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, InfoCircleFilled } from '@ant-design/icons';
import { LIMITS } from '@omnichat/contracts';
import { theme } from 'antd';
import { type PointerEvent, useRef, useState, useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, type Toast } from './toast-store.ts';
import './toaster.css';

const ICONS = {
  success: <CheckCircleFilled style={{ color: '#52c41a' }} />,
  error: <CloseCircleFilled style={{ color: '#ff4d4f' }} />,
  info: <InfoCircleFilled style={{ color: '#1677ff' }} />,
  plain: null,
} as const;

function ToastCard({ toast }: { toast: Toast }) {
  const { token } = theme.useToken();
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    start.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setOffset(event.clientX - start.current);
  };
  const onPointerEnd = () => {
    if (start.current === null) return;
    start.current = null;
    if (Math.abs(offset) >= LIMITS.toastSwipeThresholdPx) dismissToast(toast.id);
    else setOffset(0);
  };

  return (
    <div
      className={`oc-toast oc-toast-${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      style={{
        transform: offset ? `translateX(${offset}px)` : undefined,
        opacity: offset ? Math.max(0.2, 1 - Math.abs(offset) / 150) : undefined,
        background: token.colorBgElevated,
        color: token.colorText,
        boxShadow: token.boxShadowSecondary,
        borderRadius: token.borderRadiusLG,
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onPointerLeave={onPointerEnd}
    >
      {ICONS[toast.kind] && <span className="oc-toast-icon">{ICONS[toast.kind]}</span>}
      <div className="oc-toast-body">
        <div className="oc-toast-title">{toast.title}</div>
        {toast.lines.map((line) => (
          <div key={line} className="oc-toast-line" style={{ color: token.colorTextSecondary }}>
            {line}
          </div>
        ))}
      </div>
      <button
        type="button"
        className="oc-toast-close"
        aria-label="close"
        onClick={() => dismissToast(toast.id)}
        style={{ color: token.colorTextTertiary }}
      >
        <CloseOutlined />
      </button>
    </div>
  );
}

/**
 * How far below the window's top edge toasts start: under the app's 64 px header and under a drawer's title bar
 * (57 px with antd's sizes), so a toast never hides a drawer's close button or the header's menus.
 */
export const TOASTER_TOP_PX = 72;

/** Success, error and info toasts stack top-right; plain ones top-center. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const corner = toasts.filter((toast) => toast.kind !== 'plain');
  const center = toasts.filter((toast) => toast.kind === 'plain');
  return (
    <>
      <section
        className="oc-toaster oc-toaster-top-right"
        style={{ top: TOASTER_TOP_PX }}
        aria-live="polite"
        aria-label="notifications area"
      >
        {corner.map((toast) => (
          <ToastCard key={toast.id} toast={toast} />
        ))}
      </section>
      <section
        className="oc-toaster oc-toaster-top-center"
        style={{ top: TOASTER_TOP_PX }}
        aria-live="polite"
        aria-label="messages area"
      >
        {center.map((toast) => (
          <ToastCard key={toast.id} toast={toast} />
        ))}
      </section>
    </>
  );
}
