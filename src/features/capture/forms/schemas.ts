// The capture forms' rules: an added address as the server takes it (shared/form-rules.ts).
import * as yup from 'yup';
import { ACCOUNT_MESSAGES, EMAIL_MAX_LENGTH, STORED_EMAIL_PATTERN } from '@/shared/form-rules';

export const senderSchema = yup.object({
  email: yup
    .string()
    .trim()
    .required(ACCOUNT_MESSAGES.emailRequired)
    .max(EMAIL_MAX_LENGTH, ACCOUNT_MESSAGES.emailInvalid)
    .matches(STORED_EMAIL_PATTERN, ACCOUNT_MESSAGES.emailInvalid),
});
export type SenderValues = yup.InferType<typeof senderSchema>;
