import { useState } from 'react';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import { ActionButton } from '@/components/ActionMenu/ActionButton';
import type { OutboxRequest } from '@/features/offline';
import { showToast } from '@/lib/toasts';
import type { InvestorWithPrivacy } from '@/shared/contacts';
import { contactName, createContactRequest } from '../api/contact-outbox';
import { draftContact } from '../api/draft-contact';
import { contactFormValues, contactInputOf } from '../forms/contact-values';
import { ContactFormModal } from './ContactFormModal';

export interface AddContactButtonProps {
  listName: string;
  /**
   * Creates the contact (`create`) and adds it to the list, one change through the outbox: the list shows
   * `draft` as pending until the server has both. Resolves 'synced' or 'queued'; throws a refusal.
   */
  addToList: (draft: InvestorWithPrivacy, create: OutboxRequest) => Promise<'synced' | 'queued'>;
}

/** "Add an investor": a private contact the catalogue lacks, created and added to this list (an editor's or the owner's). */
export function AddContactButton({ listName, addToList }: AddContactButtonProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <ActionButton label="Add an investor" icon={<PersonAddAltOutlinedIcon fontSize="small" />} onClick={() => setOpen(true)} opens="dialog" />
      <ContactFormModal
        open={open}
        onClose={close}
        title="Add an investor"
        description={`A private contact, added to ${listName}: only you and the members of lists holding it see it.`}
        initialValues={contactFormValues()}
        submitLabel="Add investor"
        errorFallback="The investor could not be added. Please try again."
        onSubmit={async (values) => {
          const input = contactInputOf(values);
          const outcome = await addToList(draftContact(input), createContactRequest(input));
          close();
          const name = contactName(input);
          if (outcome === 'synced') showToast(`${name} was added to ${listName}`, { variant: 'success' });
          else showToast(`${name} will be added to ${listName} once you are back online`, { variant: 'info' });
        }}
      />
    </>
  );
}
