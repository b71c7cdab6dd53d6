import type { StepHandler } from './step-types.ts';

/** Waits a duration: the run is parked and a job wakes it (a wait of days survives restarts and deploys). */
export const waitStep: StepHandler = {
  async inside(run) {
    const seconds = Number(run.data.seconds);
    if (run.test) return { input: { seconds }, output: { would_wait_seconds: seconds } };
    return { input: { seconds }, waitUntil: new Date(run.now.getTime() + seconds * 1000) };
  },
};

/** Waits for the customer to write, at most `timeout_seconds`: `yes` when they did, `no` when the time ran out. */
export const waitForReplyStep: StepHandler = {
  async inside(run) {
    const seconds = Number(run.data.timeout_seconds);
    if (run.test)
      return { input: { timeout_seconds: seconds }, output: { would_wait_for_reply_seconds: seconds }, branch: 'no' };
    return { input: { timeout_seconds: seconds }, waitUntil: new Date(run.now.getTime() + seconds * 1000) };
  },
};
