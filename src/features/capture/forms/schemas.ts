// The capture forms' rules: an added address as the server takes it (shared/form-rules.ts).
import * as yup from 'yup';
import { ACCOUNT_MESSAGES, STORED_EMAIL_PATTERN } from '@/shared/form-rules';

export const senderSchema = yup.object({
  email: yup
    .string()
    .trim()
    .required(ACCOUNT_MESSAGES.emailRequired)
    .max(254, ACCOUNT_MESSAGES.emailInvalid)
    .matches(STORED_EMAIL_PATTERN, ACCOUNT_MESSAGES.emailInvalid),
});
export type SenderValues = yup.InferType<typeof senderSchema>;
