import { translate } from '@omnichat/contracts';
import { AppError } from '../../../platform/errors.ts';
import { StepFailure } from './step-types.ts';

/** Runs a service call of another module: its refusal (an AppError) fails the step with the refusal's words. */
export async function asStep<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw new StepFailure(translate(error.key, 'en', error.params));
    throw error;
  }
}
