import { useQuery } from '@tanstack/react-query';
import { Formik, Form } from 'formik';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { FormButtons } from '@/components/FormButtons/FormButtons';
import { Modal } from '@/components/Modal/Modal';
import { apiErrorDetail } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import type { Deck, DeckLink } from '@/shared/decks';
import { useSaveDeckLink } from '../api/deck-links';
import { deckQueryOptions } from '../api/decks';
import { linkSettingsBody, linkSettingsSchema, linkValues, newLinkValues, type LinkSettingsValues } from '../forms/link-settings';
import { LinkSettingsFields } from './LinkSettingsFields';

/** A general link made, or any link's settings changed. */
export function LinkDialog({ deck, link, onClose, onCreated }: { deck: Deck; link?: DeckLink; onClose: () => void; onCreated?: (link: DeckLink) => void }) {
  const save = useSaveDeckLink();
  const versions = useQuery(deckQueryOptions(deck.id)).data?.versions;
  const nameRequired = !link?.row;
  return (
    <Modal open onClose={onClose} title={link ? 'Link settings' : `New link to ${deck.name}`} fullScreenOnPhone>
      <Formik<LinkSettingsValues>
        initialValues={link ? linkValues(link) : newLinkValues(null)}
        validationSchema={linkSettingsSchema(nameRequired)}
        onSubmit={async (values) => {
          try {
            const saved = await save.mutateAsync({ deckId: deck.id, linkId: link?.id, settings: linkSettingsBody(values) });
            if (link) showToast('Link saved', { variant: 'success' });
            else onCreated?.(saved);
            onClose();
          } catch {
            // The form says why (FormAlert) and keeps what was typed.
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <FormAlert message={save.isError ? (apiErrorDetail(save.error) ?? 'The link could not be saved.') : undefined} />
            <LinkSettingsFields versions={versions} nameLabel={nameRequired ? 'Name' : 'Name (optional)'} />
            <FormButtons submitLabel={link ? 'Save' : 'Make link'} submitting={isSubmitting} onCancel={onClose} />
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
