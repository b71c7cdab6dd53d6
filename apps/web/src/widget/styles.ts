/** The widget's look, inside its shadow root: the site's CSS cannot reach it, nor it the site. */
export const WIDGET_CSS = `
:host { all: initial; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "PingFang HK", "Microsoft JhengHei", sans-serif;
  --accent: #1064e0; --bg: #fff; --fg: #1f1f1f; --muted: #f0f2f5; --border: #d9d9d9; }
@media (prefers-color-scheme: dark) { :host { --bg: #1f1f1f; --fg: #f0f0f0; --muted: #2a2a2a; --border: #424242; } }
.launcher { position: fixed; right: 20px; bottom: 20px; z-index: 2147483646; width: 56px; height: 56px; border: 0;
  border-radius: 50%; background: var(--accent); color: #fff; cursor: pointer; box-shadow: 0 6px 16px rgb(0 0 0 / 24%); }
.launcher svg { width: 26px; height: 26px; }
button:focus-visible, textarea:focus-visible, input:focus-visible, a:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.badge { position: absolute; top: -2px; right: -2px; min-width: 20px; height: 20px; padding: 0 5px; border-radius: 10px;
  background: #cf1322; font-size: 12px; line-height: 20px; box-sizing: border-box; }
.panel { position: fixed; right: 20px; bottom: 88px; z-index: 2147483647; width: 360px; height: min(560px, calc(100vh - 110px));
  display: flex; flex-direction: column; background: var(--bg); color: var(--fg); border-radius: 12px; overflow: hidden;
  box-shadow: 0 12px 32px rgb(0 0 0 / 24%); }
:host([data-inline]) .panel { position: relative; right: auto; bottom: auto; z-index: auto; width: 100%; height: 480px; }
:host([data-inline]) .launcher { position: relative; right: auto; bottom: auto; z-index: auto; display: block; margin: 12px 0 0 auto; }
[hidden] { display: none !important; }
header { display: flex; align-items: center; gap: 10px; padding: 12px 16px; background: var(--accent); color: #fff; }
.heading { flex: 1; min-width: 0; }
h2 { margin: 0; font-size: 16px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.agent { margin: 0; font-size: 12px; opacity: 0.9; }
.avatar { width: 36px; height: 36px; border-radius: 50%; object-fit: cover; background: #fff; }
.close { border: 0; background: none; color: inherit; font-size: 22px; line-height: 1; cursor: pointer; }
.status { margin: 0; padding: 4px 16px; background: #fffbe6; color: #614700; font-size: 12px; }
.notice { margin: 0; padding: 8px 16px; background: var(--muted); border-bottom: 1px solid var(--border); font-size: 13px; }
.notice p { margin: 4px 0; }
.hint { opacity: 0.75; }
.log { flex: 1; margin: 0; padding: 12px; list-style: none; overflow-y: auto; display: flex; flex-direction: column; gap: 8px; }
.line { max-width: 80%; padding: 8px 12px; border-radius: 12px; white-space: pre-wrap; word-break: break-word;
  display: flex; flex-direction: column; gap: 4px; }
.outbound { align-self: flex-start; background: var(--muted); }
.inbound { align-self: flex-end; background: var(--accent); color: #fff; }
.file { color: inherit; }
.file img { display: block; max-width: 100%; max-height: 240px; border-radius: 8px; }
.sending { opacity: 0.6; }
.failed { background: #cf1322; color: #fff; }
.retry { display: block; padding: 0; border: 0; background: none; color: inherit; text-decoration: underline;
  cursor: pointer; font: inherit; font-size: 12px; }
.typing { flex-direction: row; gap: 4px; padding: 12px; }
.typing span { width: 6px; height: 6px; border-radius: 50%; background: currentColor; opacity: 0.4; animation: blink 1.2s infinite; }
.typing span:nth-child(2) { animation-delay: 0.2s; } .typing span:nth-child(3) { animation-delay: 0.4s; }
@keyframes blink { 50% { opacity: 1; } }
@media (prefers-reduced-motion: reduce) { .typing span { animation: none; opacity: 0.7; } }
.prechat-item { align-self: stretch; }
form.prechat, form.rating { display: flex; flex-direction: column; gap: 6px; }
.prechat label { display: flex; flex-direction: column; gap: 2px; font-size: 13px; }
.error { margin: 0; color: #cf1322; font-size: 12px; }
.error:empty { display: none; }
.stars { display: flex; gap: 4px; }
.stars button { border: 0; background: none; font-size: 24px; line-height: 1; color: var(--border); cursor: pointer; padding: 2px; }
.stars button.on { color: #faad14; }
.inline-form { display: flex; gap: 6px; }
.inline-form input { flex: 1; min-width: 0; }
input, textarea { padding: 8px; border: 1px solid var(--border); border-radius: 8px; background: var(--bg); color: var(--fg); font: inherit; }
form.composer { display: flex; gap: 8px; padding: 10px; border-top: 1px solid var(--border); }
.composer textarea { flex: 1; resize: none; max-height: 120px; }
.attach { border: 0; background: none; color: var(--fg); cursor: pointer; padding: 0 4px; }
.attach svg { width: 20px; height: 20px; }
form button[type=submit] { border: 0; border-radius: 8px; padding: 8px 14px; background: var(--accent); color: #fff; cursor: pointer; font: inherit; }
form button[type=submit]:disabled { opacity: 0.5; cursor: default; }
@media (max-width: 480px) { :host(:not([data-inline])) .panel { inset: 0; width: auto; height: auto; border-radius: 0; } }
`;
