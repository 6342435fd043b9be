// Every imported row checked again on the server, trusting nothing the browser did: its contact fields as a
// private contact's, its pipeline values, and the keys it is matched on.
import type { ImportPipelineValues, ImportRow, ImportRowError } from '../../../shared/imports.js';
import { NOTE_MAX_LENGTH, PIPELINE_STAGES, type PipelineStage } from '../../../shared/pipeline.js';
import { emailKey, foldText, personKey, webDomain } from '../../../shared/contact-keys.js';
import { MISSING } from '../../../shared/vocabularies.js';
import { checkContactFields, type StoredContact } from '../contacts/contact-fields.js';
import { AMOUNT_MAX } from '../pipeline/schemas.js';

export interface PipelineValues {
  stage?: PipelineStage;
  amount?: number | null;
  follow_up_on?: string | null;
  note?: string;
}

export interface MatchKeys {
  email: string;
  domain: string;
  first: string;
  last: string;
  person: string;
}

export interface CheckedRow {
  row: number;
  contact: StoredContact;
  pipeline: PipelineValues;
  keys: MatchKeys;
  /** Problems that keep the row from landing, linked or created. */
  errors: ImportRowError[];
  /** A private contact made of it also needs these (a first and a last name). */
  createErrors: ImportRowError[];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

function checkPipeline(values: ImportPipelineValues | undefined, errors: ImportRowError[]): PipelineValues {
  const checked: PipelineValues = {};
  if (!values) return checked;
  const { stage, amount, follow_up_on: followUp, note } = values;
  if (stage !== undefined && stage !== null) {
    if ((PIPELINE_STAGES as readonly string[]).includes(stage)) checked.stage = stage;
    else errors.push({ field: 'pipeline.stage', detail: `Unknown stage: use one of ${PIPELINE_STAGES.join(', ')}` });
  }
  if (amount !== undefined) {
    if (amount === null) checked.amount = null;
    else if (Number.isInteger(amount) && amount >= 0 && amount <= AMOUNT_MAX) checked.amount = amount;
    else errors.push({ field: 'pipeline.amount', detail: 'The amount must be whole dollars, from 0 to a trillion' });
  }
  if (followUp !== undefined) {
    if (followUp === null) checked.follow_up_on = null;
    else if (isDate(followUp)) checked.follow_up_on = followUp;
    else errors.push({ field: 'pipeline.follow_up_on', detail: 'The follow-up must be a date, YYYY-MM-DD' });
  }
  const text = note?.trim();
  if (text) {
    if (text.length <= NOTE_MAX_LENGTH) checked.note = text;
    else errors.push({ field: 'pipeline.note', detail: `The note is longer than ${NOTE_MAX_LENGTH} characters` });
  }
  return checked;
}

const known = (value: string | undefined) => (value === undefined || value === MISSING ? '' : value);

/** One row as sent, checked; rows are numbered from 0 in the order sent. */
export function checkRow(input: ImportRow, row: number): CheckedRow {
  const { pipeline, ...fields } = input;
  const { values, errors: fieldErrors } = checkContactFields(fields, { whole: true, requireNames: false });
  const errors: ImportRowError[] = [...fieldErrors];
  const contact = values as StoredContact;
  const [first, last, email] = [known(contact.first_name), known(contact.last_name), known(contact.email)];
  if (first === '' && last === '' && email === '' && !fieldErrors.some((e) => e.field === 'email')) {
    errors.push({ field: 'first_name', detail: 'The row has no name and no e-mail' });
  }
  const createErrors = (['first_name', 'last_name'] as const)
    .filter((field) => known(contact[field]) === '' && !errors.some((e) => e.field === field))
    .map((field) => ({ field, detail: `A private contact needs a ${field === 'first_name' ? 'first' : 'last'} name` }));
  const emailOk = !fieldErrors.some((e) => e.field === 'email');
  const websiteOk = !fieldErrors.some((e) => e.field === 'office_website');
  return {
    row,
    contact,
    pipeline: checkPipeline(pipeline, errors),
    keys: {
      email: emailOk ? emailKey(email) : '',
      domain: websiteOk ? webDomain(known(contact.office_website)) : '',
      first: foldText(first),
      last: foldText(last),
      person: personKey(first, last, known(contact.firm_name)),
    },
    errors,
    createErrors,
  };
}
