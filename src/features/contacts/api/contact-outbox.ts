// What the contacts feature queues in the offline outbox (src/features/offline): a new contact's creation (the
// lists feature queues it with the list addition it is made for), and edits and deletions of a contact. Each
// payload names the contact, so a refusal is reported by name.
import type { OutboxEntry, OutboxRequest, OutboxRow } from '@/features/offline';
import { formatName } from '@/lib/format';
import type { Investor } from '@/shared/api-types';
import { investorPath, INVESTORS_PATH, type ContactInput } from '@/shared/contacts';
import { API } from '@/shared/api-paths';
import type { ContactPatch } from '../forms/contact-values';

export const CONTACT_EDIT = 'contact-edit';
export const CONTACT_DELETE = 'contact-delete';

export interface ContactChangePayload {
  investorId: number;
  /** The contact's name when the change was made. */
  name: string;
}

export interface ContactEditPayload extends ContactChangePayload {
  patch: ContactPatch;
}

export const contactName = (contact: Pick<Investor, 'first_name' | 'last_name'>) => formatName(contact.first_name, contact.last_name);

/** POST /api/v1/investors: answers the contact, with its id. */
export function createContactRequest(input: ContactInput): OutboxRequest {
  return { method: 'POST', path: `${API}${INVESTORS_PATH}`, body: input };
}

/** PATCH /api/v1/investors/{id} with the fields changed. */
export function contactEditEntry(investor: Investor, patch: ContactPatch): OutboxEntry<ContactEditPayload> {
  return {
    kind: CONTACT_EDIT,
    request: { method: 'PATCH', path: `${API}${investorPath(investor.id)}`, body: patch },
    payload: { investorId: investor.id, name: contactName(investor), patch },
  };
}

/** DELETE /api/v1/investors/{id}: the contact leaves every list holding it. */
export function contactDeleteEntry(investor: Investor): OutboxEntry<ContactChangePayload> {
  return {
    kind: CONTACT_DELETE,
    request: { method: 'DELETE', path: `${API}${investorPath(investor.id)}` },
    payload: { investorId: investor.id, name: contactName(investor) },
  };
}

export const isContactEdit = (row: OutboxRow): row is OutboxRow<ContactEditPayload> => row.kind === CONTACT_EDIT;
export const isContactDelete = (row: OutboxRow): row is OutboxRow<ContactChangePayload> => row.kind === CONTACT_DELETE;

/** Whether an edit or deletion of this contact waits in the outbox. */
export const hasPendingChange = (rows: readonly OutboxRow[], investorId: number) =>
  rows.some((row) => (isContactEdit(row) || isContactDelete(row)) && row.payload.investorId === investorId);
