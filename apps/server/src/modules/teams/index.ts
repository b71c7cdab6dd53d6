// Teams offer other modules nothing yet; app.ts registers them through teams.module.ts.
export {};
