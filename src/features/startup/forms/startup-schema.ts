// The startup form's rules: what PUT /api/v1/startup accepts (shared/fit.ts STARTUP_RULES), said as you type.
import * as yup from 'yup';
import { STARTUP_RULES } from '@/shared/fit';
import { FINANCING_TYPES, GEOGRAPHIES, INDUSTRIES, STAGES } from '@/shared/vocabularies';

const INDUSTRY_SET: ReadonlySet<string> = new Set(INDUSTRIES);

const usd = (n: number) => `$${n.toLocaleString('en-US')}`;

/** A real calendar date, YYYY-MM-DD. */
function isRealDate(value: string | undefined): boolean {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

// What the server stores; a date outside is a typo.
const EARLIEST_CLOSE = '2000-01-01';
const LATEST_CLOSE = '2999-12-31';

export const startupSchema = yup.object({
  name: yup
    .string()
    .trim()
    .max(STARTUP_RULES.nameMaxLength, `Company name must be at most ${STARTUP_RULES.nameMaxLength} characters`)
    .required('Company name is required'),
  pitch: yup.string().trim().max(STARTUP_RULES.pitchMaxLength, `The pitch must be at most ${STARTUP_RULES.pitchMaxLength} characters`),
  stage: yup.string().oneOf([...STAGES], 'Choose a stage from the list').required('Stage is required'),
  industries: yup
    .array(yup.string().required())
    .min(1, 'Choose at least one industry')
    .required('Choose at least one industry')
    // Checked as a whole, so the message is the field's own rather than one per chosen value.
    .test('vocabulary', 'Choose industries from the list', (values) => (values ?? []).every((value) => INDUSTRY_SET.has(value))),
  geography: yup.string().oneOf([...GEOGRAPHIES], 'Choose a geography from the list').required('Where you are is required'),
  financing_type: yup.string().oneOf([...FINANCING_TYPES], 'Choose a financing type from the list').required('Financing type is required'),
  raise_amount: yup
    .string()
    .required('Amount raised is required')
    .test('whole-dollars', 'Enter a whole number of dollars, e.g. 2,500,000', (value) => /^\d[\d,]*$/.test((value ?? '').trim()))
    .test(
      'range',
      `Enter an amount from ${usd(STARTUP_RULES.raiseMin)} to ${usd(STARTUP_RULES.raiseMax)}`,
      (value) => {
        const amount = Number((value ?? '').replace(/,/g, ''));
        return amount >= STARTUP_RULES.raiseMin && amount <= STARTUP_RULES.raiseMax;
      },
    ),
  close_on: yup
    .string()
    .required('Target close date is required')
    .test('date', 'Enter a real date', isRealDate)
    .test('range', 'Enter a date from the year 2000 to 2999', (value) => !value || !isRealDate(value) || (value >= EARLIEST_CLOSE && value <= LATEST_CLOSE)),
});

/** The form's values as typed: the amount as text (commas allowed), the pitch '' when none. */
export interface StartupFormValues {
  name: string;
  pitch: string;
  stage: string;
  industries: string[];
  geography: string;
  financing_type: string;
  raise_amount: string;
  close_on: string;
}
