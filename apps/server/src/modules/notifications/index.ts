// Notifications offer other modules nothing yet: they react to events; app.ts registers notifications.module.ts.
export {};
