// The startup profile on the client: the form's rules and their messages (what PUT /api/v1/startup
// accepts, said as you type), the round's line ("$X of $Y committed · N days to close"), and the
// outbox entry an edit becomes (stamped with when it was made; the newest queued edit is the one shown).
import { describe, expect, it } from 'vitest';
import { validateYupSchema, yupToFormErrors } from 'formik';
import type { ValidationError } from 'yup';
import { startupSchema, type StartupFormValues } from '@/features/startup/forms/startup-schema';
import { closeText, roundText } from '@/features/startup/components/RoundProgress';
import { pendingStartupEdit, startupEditEntry } from '@/features/startup/api/startup-outbox';
import type { OutboxRow } from '@/features/offline/db/offline-db';
import { SAMPLE_STARTUP } from '../helpers/startup-profile';

const VALID: StartupFormValues = {
  name: 'Tidewater Robotics',
  pitch: '',
  stage: 'Seed',
  industries: ['Software'],
  geography: 'United States - Northeast',
  financing_type: 'Equity',
  raise_amount: '2,500,000',
  close_on: '2027-03-31',
};

/** The messages formik would show for `changes` to a valid profile, per field. */
async function errorsOf(changes: Partial<StartupFormValues>) {
  try {
    await validateYupSchema({ ...VALID, ...changes }, startupSchema);
    return {};
  } catch (error) {
    return yupToFormErrors<StartupFormValues>(error as ValidationError);
  }
}

describe('the startup form', () => {
  it('accepts a complete profile, the pitch optional and the amount with or without commas', async () => {
    expect(await errorsOf({})).toEqual({});
    expect(await errorsOf({ raise_amount: '1000', pitch: 'Autonomous boats that survey harbours' })).toEqual({});
    expect(await errorsOf({ raise_amount: '10000000000', industries: ['Software', 'Biotechnology'] })).toEqual({});
  });

  it('names every missing field', async () => {
    expect(
      await errorsOf({ name: '  ', stage: '', industries: [], geography: '', financing_type: '', raise_amount: '', close_on: '' }),
    ).toEqual({
      name: 'Company name is required',
      stage: 'Stage is required',
      industries: 'Choose at least one industry',
      geography: 'Where you are is required',
      financing_type: 'Financing type is required',
      raise_amount: 'Amount raised is required',
      close_on: 'Target close date is required',
    });
  });

  it('holds the name and pitch to their maxima', async () => {
    expect(await errorsOf({ name: 'x'.repeat(120), pitch: 'y'.repeat(200) })).toEqual({});
    expect(await errorsOf({ name: 'x'.repeat(121) })).toEqual({ name: 'Company name must be at most 120 characters' });
    expect(await errorsOf({ pitch: 'y'.repeat(201) })).toEqual({ pitch: 'The pitch must be at most 200 characters' });
  });

  it('takes only the vocabularies’ values', async () => {
    expect(await errorsOf({ stage: 'Pre-pre-seed' })).toEqual({ stage: 'Choose a stage from the list' });
    expect(await errorsOf({ geography: 'Atlantis' })).toEqual({ geography: 'Choose a geography from the list' });
    expect(await errorsOf({ financing_type: 'Crypto' })).toEqual({ financing_type: 'Choose a financing type from the list' });
    expect(await errorsOf({ industries: ['Software', 'Alchemy'] })).toEqual({ industries: 'Choose industries from the list' });
  });

  it('takes a whole number of dollars from $1,000 to $10,000,000,000', async () => {
    const range = { raise_amount: 'Enter an amount from $1,000 to $10,000,000,000' };
    const whole = { raise_amount: 'Enter a whole number of dollars, e.g. 2,500,000' };
    expect(await errorsOf({ raise_amount: '999' })).toEqual(range);
    expect(await errorsOf({ raise_amount: '10,000,000,001' })).toEqual(range);
    expect(await errorsOf({ raise_amount: '0' })).toEqual(range);
    expect(await errorsOf({ raise_amount: '2500000.50' })).toEqual(whole);
    expect(await errorsOf({ raise_amount: '-5000' })).toEqual(whole);
    expect(await errorsOf({ raise_amount: '2.5M' })).toEqual(whole);
  });

  it('takes a real date from the year 2000 to 2999', async () => {
    expect(await errorsOf({ close_on: '2028-02-29' })).toEqual({});
    expect(await errorsOf({ close_on: '2027-02-29' })).toEqual({ close_on: 'Enter a real date' });
    expect(await errorsOf({ close_on: '31/03/2027' })).toEqual({ close_on: 'Enter a real date' });
    expect(await errorsOf({ close_on: '1999-12-31' })).toEqual({ close_on: 'Enter a date from the year 2000 to 2999' });
    expect(await errorsOf({ close_on: '3000-01-01' })).toEqual({ close_on: 'Enter a date from the year 2000 to 2999' });
  });
});

describe("the round's line", () => {
  const round = { target: 2_500_000, close_on: '2027-03-31', committed: 750_000, term_sheet: 500_000, meeting: 250_000 };

  it('says what is committed against the target, in whole dollars, and the days to close', () => {
    expect(roundText({ ...round, days_left: 126 })).toBe('$750,000 of $2,500,000 committed · 126 days to close');
    expect(roundText({ ...round, committed: 0, target: 10_000_000_000, days_left: 1 })).toBe(
      '$0 of $10,000,000,000 committed · 1 day to close',
    );
  });

  it('says when the close date is today or has passed', () => {
    expect(closeText(0)).toBe('closes today');
    expect(closeText(-1)).toBe('close date passed 1 day ago');
    expect(closeText(-1234)).toBe('close date passed 1,234 days ago');
    expect(closeText(1500)).toBe('1,500 days to close');
  });
});

describe('a profile edit in the outbox', () => {
  it('is a PUT of the profile stamped with when it was made', () => {
    const entry = startupEditEntry(SAMPLE_STARTUP, new Date('2026-11-25T06:00:00.000Z'));
    expect(entry.request).toEqual({
      method: 'PUT',
      path: '/api/v1/startup',
      body: { ...SAMPLE_STARTUP, changed_at: '2026-11-25T06:00:00.000Z' },
    });
    expect(entry.payload).toEqual({ profile: SAMPLE_STARTUP, changedAt: '2026-11-25T06:00:00.000Z' });
  });

  it('shows the newest queued edit, whatever else waits', () => {
    const row = (seq: number, kind: string, payload: unknown) => ({ seq, kind, payload }) as OutboxRow;
    const first = startupEditEntry({ ...SAMPLE_STARTUP, name: 'First' }, new Date('2026-11-25T06:00:00Z'));
    const second = startupEditEntry({ ...SAMPLE_STARTUP, name: 'Second' }, new Date('2026-11-25T06:01:00Z'));
    expect(pendingStartupEdit([])).toBeNull();
    expect(pendingStartupEdit([row(1, 'list-addition', {})])).toBeNull();
    expect(
      pendingStartupEdit([row(1, first.kind, first.payload), row(2, 'list-addition', {}), row(3, second.kind, second.payload)])?.profile.name,
    ).toBe('Second');
  });
});
