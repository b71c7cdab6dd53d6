import { fireEvent, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { fail, ok, type StubCall } from './fetch-stub.ts';

/** The zones the stubbed server knows; a search answers those whose identifier contains the keyword. */
export const ZONES = [
  { identifier: 'Africa/Abidjan', offset: 0 },
  { identifier: 'Asia/Hong_Kong', offset: 800 },
  { identifier: 'Asia/Kolkata', offset: 550 },
  { identifier: 'UTC', offset: 0 },
];

/** GET /v1/timezone?keyword= and POST /v1/timezone {identifier} over `ZONES` (an unknown zone: 400). */
export const timeZoneRoutes = {
  'POST /v1/timezone': (call: StubCall) => {
    const zone = ZONES.find((z) => z.identifier === (call.body as { identifier: string }).identifier);
    return zone ? ok(zone) : fail(400, 'time zone not found', 'tz', { identifier: 'time zone not found' });
  },
  'GET /v1/timezone': (call: StubCall) => {
    const keyword = (new URL(call.url, 'http://localhost').searchParams.get('keyword') ?? '').toLowerCase();
    return ok(ZONES.filter((z) => z.identifier.toLowerCase().includes(keyword)));
  },
};

/** The browser's own time zone, as `Intl.DateTimeFormat().resolvedOptions()` names it (undo: vi.restoreAllMocks). */
export function browserTimeZoneIs(timeZone: string) {
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolvedOptions.call(this), timeZone };
  });
}

/** The options the open select list shows, by label. */
export const listedOptions = () =>
  Array.from(document.querySelectorAll('.ant-select-item-option')).map((option) => option.textContent);

/** The highlighted option of the open select list (the one Enter picks), by label. */
export const activeOption = () => document.querySelector('.ant-select-item-option-active')?.textContent ?? null;

/** Enter in a select's search box: rc-select reads the key code (`which`), which user-event leaves at 0. */
export function pressEnter(input: Element) {
  const init = { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 };
  fireEvent.keyDown(input, init);
  fireEvent.keyUp(input, init);
}

/**
 * Opens a time-zone select, types "Hong" and presses Enter once only the match is listed and highlighted (the
 * chosen zone is not kept at the top, where Enter would pick it).
 */
export async function typeHongAndEnter(user: UserEvent, select: HTMLElement, searches: () => StubCall[]) {
  await user.click(select);
  await waitFor(() => expect(listedOptions()).toContain('Africa/Abidjan (+00:00)'));
  await user.keyboard('Hong');
  await waitFor(() => expect(searches().map((c) => c.url)).toContain('/v1/timezone?keyword=Hong'));
  await waitFor(() => expect(listedOptions()).toEqual(['Asia/Hong_Kong (+08:00)']));
  await waitFor(() => expect(activeOption()).toBe('Asia/Hong_Kong (+08:00)'));
  pressEnter(select);
}
