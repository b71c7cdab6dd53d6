/** The widget's look, inside its shadow root: the site's CSS cannot reach it, nor it the site. */
export const WIDGET_CSS = `
:host { all: initial; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "PingFang HK", "Microsoft JhengHei", sans-serif;
  --accent: #1064e0; --bg: #fff; --fg: #1f1f1f; --muted: #f0f2f5; --border: #d9d9d9; }
@media (prefers-color-scheme: dark) { :host { --bg: #1f1f1f; --fg: #f0f0f0; --muted: #2a2a2a; --border: #424242; } }
.launcher { position: fixed; right: 20px; bottom: 20px; z-index: 2147483646; width: 56px; height: 56px; border: 0;
  border-radius: 50%; background: var(--accent); color: #fff; cursor: pointer; box-shadow: 0 6px 16px rgb(0 0 0 / 24%); }
.launcher svg { width: 26px; height: 26px; }
.launcher:focus-visible, button:focus-visible, textarea:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.badge { position: absolute; top: -2px; right: -2px; min-width: 20px; height: 20px; padding: 0 5px; border-radius: 10px;
  background: #cf1322; font-size: 12px; line-height: 20px; box-sizing: border-box; }
.panel { position: fixed; right: 20px; bottom: 88px; z-index: 2147483647; width: 360px; height: min(560px, calc(100vh - 110px));
  display: flex; flex-direction: column; background: var(--bg); color: var(--fg); border-radius: 12px; overflow: hidden;
  box-shadow: 0 12px 32px rgb(0 0 0 / 24%); }
.panel[hidden], .badge[hidden], .status[hidden] { display: none; }
header { display: flex; align-items: center; gap: 8px; padding: 12px 16px; background: var(--accent); color: #fff; }
h2 { flex: 1; margin: 0; font-size: 16px; font-weight: 600; }
.close { border: 0; background: none; color: inherit; font-size: 22px; line-height: 1; cursor: pointer; }
.status { margin: 0; padding: 4px 16px; background: #fffbe6; color: #614700; font-size: 12px; }
.log { flex: 1; margin: 0; padding: 12px; list-style: none; overflow-y: auto; display: flex; flex-direction: column; gap: 8px; }
.line { max-width: 80%; padding: 8px 12px; border-radius: 12px; white-space: pre-wrap; word-break: break-word; }
.outbound { align-self: flex-start; background: var(--muted); }
.inbound { align-self: flex-end; background: var(--accent); color: #fff; }
.sending { opacity: 0.6; }
.failed { background: #cf1322; }
.retry { display: block; margin-top: 4px; padding: 0; border: 0; background: none; color: inherit; text-decoration: underline;
  cursor: pointer; font: inherit; font-size: 12px; }
form { display: flex; gap: 8px; padding: 10px; border-top: 1px solid var(--border); }
textarea { flex: 1; resize: none; max-height: 120px; padding: 8px; border: 1px solid var(--border); border-radius: 8px;
  background: var(--bg); color: var(--fg); font: inherit; }
form button { border: 0; border-radius: 8px; padding: 0 14px; background: var(--accent); color: #fff; cursor: pointer; font: inherit; }
@media (max-width: 480px) { .panel { inset: 0; width: auto; height: auto; border-radius: 0; } }
`;
