import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { FormButtons } from '@/components/FormButtons/FormButtons';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { Modal } from '@/components/Modal/Modal';
import { apiErrorDetail } from '@/lib/api-client';
import { DECK_LIMITS, type Deck } from '@/shared/decks';
import { useRenameDeck } from '../api/decks';

const schema = yup.object({
  name: yup.string().trim().required('Name the deck').max(DECK_LIMITS.nameChars, `At most ${DECK_LIMITS.nameChars} characters`),
});

export function RenameDeckDialog({ deck, onClose }: { deck: Deck; onClose: () => void }) {
  const rename = useRenameDeck(deck.id);
  return (
    <Modal open onClose={onClose} title="Rename deck">
      <Formik
        initialValues={{ name: deck.name }}
        validationSchema={schema}
        onSubmit={async ({ name }) => {
          try {
            await rename.mutateAsync(name.trim());
            onClose();
          } catch {
            // Said by the form's alert.
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <FormAlert message={rename.isError ? (apiErrorDetail(rename.error) ?? 'The deck could not be renamed.') : undefined} />
            <FormTextField name="name" label="Name" autoFocus />
            <FormButtons submitLabel="Save" submitting={isSubmitting} onCancel={onClose} />
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
