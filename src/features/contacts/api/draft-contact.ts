// Kept apart from contact-outbox.ts, which the app's frame loads: only a list's Add an investor needs the
// catalogue's field table.
import type { Investor } from '@/shared/api-types';
import { INVESTOR_FIELDS } from '@/shared/catalogue-fields';
import type { ContactInput, InvestorWithPrivacy } from '@/shared/contacts';
import { MISSING } from '@/shared/vocabularies';

/**
 * A new contact as a list shows it until the server has it: every investor field, the missing ones as the
 * API answers them ('NaN', no values), and an id below zero, its own among the list's rows.
 */
export function draftContact(input: ContactInput, now = Date.now()): InvestorWithPrivacy {
  const fields = Object.entries(INVESTOR_FIELDS).map(([field, spec]) => {
    if (field === 'id') return [field, -now];
    const value = (input as Record<string, unknown>)[field];
    return [field, value ?? (spec.kind === 'list' ? [] : MISSING)];
  });
  return { ...(Object.fromEntries(fields) as Investor), private: true };
}
