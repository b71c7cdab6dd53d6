import { asText, type ConditionOperator, type VariableScope, valueAt } from '@omnichat/contracts';
import type { StepHandler } from './step-types.ts';

/** The weekday (1 Monday … 7 Sunday) and hour (0-23) of `now` in `timeZone`. */
export function clockIn(timeZone: string, now: Date): { hour: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23', weekday: 'short' })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday ?? '') + 1;
  return { hour: Number(parts.hour), weekday };
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Whether `actual` passes `operator` against `expected`; lists (tags) match by any item. */
export function compare(actual: unknown, operator: ConditionOperator, expected: string): boolean {
  if (Array.isArray(actual)) {
    const items = actual.map((item) => asText(item).toLowerCase());
    const wanted = expected.trim().toLowerCase();
    if (operator === 'is_empty') return items.length === 0;
    if (operator === 'is_not_empty') return items.length > 0;
    if (operator === 'contains' || operator === 'equals') return items.includes(wanted);
    if (operator === 'not_contains' || operator === 'not_equals') return !items.includes(wanted);
  }
  const text = asText(actual);
  const a = text.trim().toLowerCase();
  const b = expected.trim().toLowerCase();
  switch (operator) {
    case 'contains':
      return a.includes(b);
    case 'not_contains':
      return !a.includes(b);
    case 'equals':
      return a === b;
    case 'not_equals':
      return a !== b;
    case 'is_empty':
      return a === '';
    case 'is_not_empty':
      return a !== '';
    case 'greater_than':
      return numberOf(text) > numberOf(expected);
    case 'less_than':
      return numberOf(text) < numberOf(expected);
  }
}

/** The value a condition's field names: the run's variables, or the clock in the organization's time zone. */
export function fieldValue(field: string, scope: VariableScope, timeZone: string, now: Date): unknown {
  if (field === 'time.hour') return clockIn(timeZone, now).hour;
  if (field === 'time.weekday') return clockIn(timeZone, now).weekday;
  return valueAt(scope, field);
}

export const conditionStep: StepHandler = {
  async inside(run) {
    const data = run.data as { field: string; operator: ConditionOperator; value?: string };
    const expected = run.render(data.value ?? '');
    const actual = fieldValue(data.field, run.scope, run.timeZone, run.now);
    const passed = compare(actual, data.operator, expected);
    return {
      input: { field: data.field, operator: data.operator, value: expected, actual: actual ?? null },
      output: { result: passed },
      branch: passed ? 'yes' : 'no',
    };
  },
};
