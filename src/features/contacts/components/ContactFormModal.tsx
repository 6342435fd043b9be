import { Modal } from '@/components/Modal/Modal';
import { lazyComponent } from '@/features/offline';
import type { ContactFormProps } from '../forms/ContactForm';

// The form, formik and yup load when the modal first opens, not with the list or investor page.
const ContactForm = lazyComponent(() => import('../forms/ContactForm').then((module) => ({ default: module.ContactForm })));

export interface ContactFormModalProps extends Omit<ContactFormProps, 'onCancel'> {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
}

/** A contact's form in a modal, the whole screen on a phone; mounted only while open, so each opening starts afresh. */
export function ContactFormModal({ open, onClose, title, description, ...form }: ContactFormModalProps) {
  return (
    <Modal open={open} onClose={onClose} width={720} title={title} description={description} fullScreenOnPhone>
      {open && <ContactForm {...form} onCancel={onClose} />}
    </Modal>
  );
}
