import { boolean, object, string } from 'yup';
import { HAND_TOUCH_KINDS, TOUCH_BODY_MAX, type TouchInput, type TouchKind } from '@/shared/capture';

export interface TouchValues {
  kind: TouchKind;
  /** `YYYY-MM-DDTHH:mm` on this device, as a datetime-local field holds it. */
  happenedAt: string;
  note: string;
  answered: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as a datetime-local field holds it, on this device: '2026-11-28T09:05'. */
export const localDateTime = (date = new Date()) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

export const touchValues = (now = new Date()): TouchValues => ({ kind: 'call', happenedAt: localDateTime(now), note: '', answered: false });

export const touchSchema = object({
  kind: string().oneOf(HAND_TOUCH_KINDS).required(),
  happenedAt: string()
    .required('Enter when it happened')
    .test('valid', 'Enter when it happened', (value) => !Number.isNaN(new Date(value).getTime()))
    // A minute's grace: the field holds minutes, and "now" was filled in when the dialog opened.
    .test('past', 'Enter a time that has passed', (value) => new Date(value).getTime() <= Date.now() + 60_000),
  note: string().max(TOUCH_BODY_MAX, `A note holds at most ${TOUCH_BODY_MAX.toLocaleString('en-US')} characters.`),
  answered: boolean().required(),
});

/** What is sent: the note trimmed (left out when empty), the time as ISO. */
export function touchInputOf(values: TouchValues): TouchInput {
  const body = values.note.trim();
  return {
    kind: values.kind,
    happened_at: new Date(values.happenedAt).toISOString(),
    answered: values.answered,
    ...(body && { body }),
  };
}
