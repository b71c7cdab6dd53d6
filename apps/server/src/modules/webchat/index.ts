// The web-chat module offers other modules nothing: they reach it by events and hooks; app.ts registers it through
// webchat.module.ts.
export {};
