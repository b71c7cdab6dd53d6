// The admin panel offers other modules nothing; app.ts registers it through admin-panel.module.ts.
export {};
