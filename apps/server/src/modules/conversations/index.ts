// The conversations module offers other modules nothing; app.ts registers it through conversations.module.ts.
export {};
