import { useState } from 'react';
import { Chip } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { AppButton } from '@/components/AppButton/AppButton';
import { ChangeRefusedError, usePendingChanges } from '@/features/offline';
import { apiErrorDetail } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import type { Investor } from '@/shared/api-types';
import { isPrivateContact } from '@/shared/contacts';
import type { ContactKeys } from '../api/contact-cache';
import { contactName, hasPendingChange } from '../api/contact-outbox';
import { forgetContact, useDeleteContact } from '../api/delete-contact';
import { useUpdateContact } from '../api/update-contact';
import { contactFormValues, contactPatchOf } from '../forms/contact-values';
import { ContactDeleteDialog } from './ContactDeleteDialog';
import { ContactFormModal } from './ContactFormModal';

/** The owner's answer for a private contact carries how many lists hold it; nobody else's does. */
type OwnedContact = Investor & { list_count: number };
const isOwnedContact = (row: Investor): row is OwnedContact =>
  isPrivateContact(row) && typeof (row as { list_count?: unknown }).list_count === 'number';

/** Edit and Delete on a private contact's page, for its owner; nothing for anyone else or a catalogue row. */
export function ContactOwnerActions({ investor, keys }: { investor: Investor; keys: ContactKeys }) {
  if (!isOwnedContact(investor)) return null;
  return <OwnerActions contact={investor} keys={keys} />;
}

function OwnerActions({ contact, keys }: { contact: OwnedContact; keys: ContactKeys }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const update = useUpdateContact(keys);
  const remove = useDeleteContact(keys);
  const pending = hasPendingChange(usePendingChanges(), contact.id);
  const queryClient = useQueryClient();
  const router = useRouter();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  const name = contactName(contact);

  /** Back where the founder came from (the list, usually), else the investors; then the page's data goes. */
  const leave = async () => {
    if (canGoBack) {
      const left = new Promise<void>((resolve) => {
        const stop = router.subscribe('onResolved', () => {
          stop();
          resolve();
        });
      });
      router.history.back();
      await left;
    } else {
      await navigate({ to: '/investors' });
    }
    forgetContact(queryClient, keys, contact.id);
  };

  const confirmDelete = () => {
    setDeleteError(undefined);
    remove.mutate(contact, {
      onSuccess: async (outcome) => {
        setConfirming(false);
        if (outcome === 'synced') showToast(`${name} is deleted`, { variant: 'success' });
        else showToast(`${name} will be deleted once you are back online`, { variant: 'info' });
        await leave();
      },
      onError: (error) =>
        setDeleteError(error instanceof ChangeRefusedError ? error.message : (apiErrorDetail(error) ?? `${name} could not be deleted.`)),
    });
  };

  const initialValues = contactFormValues(contact);
  return (
    <>
      {pending && (
        <Chip
          size="small"
          variant="outlined"
          icon={<CloudUploadOutlinedIcon />}
          label="Pending"
          title="Changed on this device: sent once you are back online"
          sx={{ alignSelf: 'center' }}
        />
      )}
      <AppButton variant="secondary" startIcon={<EditOutlinedIcon fontSize="small" />} onClick={() => setEditing(true)} aria-haspopup="dialog">
        Edit
      </AppButton>
      <AppButton
        variant="delete"
        startIcon={<DeleteOutlineIcon fontSize="small" />}
        onClick={() => {
          setDeleteError(undefined);
          setConfirming(true);
        }}
        aria-haspopup="dialog"
      >
        Delete
      </AppButton>
      <ContactFormModal
        open={editing}
        onClose={() => setEditing(false)}
        title="Edit investor"
        description="A private contact: only you and the members of lists holding it see it."
        initialValues={initialValues}
        submitLabel="Save Changes"
        errorFallback="The investor could not be saved. Please try again."
        onSubmit={async (values) => {
          const patch = contactPatchOf(values, initialValues);
          if (Object.keys(patch).length > 0) {
            const outcome = await update.mutateAsync({ contact, patch });
            const saved = contactName({ first_name: values.first_name.trim(), last_name: values.last_name.trim() });
            if (outcome === 'synced') showToast(`${saved} is saved`, { variant: 'success' });
            else showToast('Saved on this device; it will be sent when you are back online.', { variant: 'info' });
          }
          setEditing(false);
        }}
      />
      <ContactDeleteDialog
        open={confirming}
        name={name}
        listCount={contact.list_count}
        deleting={remove.isPending}
        error={deleteError}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
