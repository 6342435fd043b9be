// Account Settings' rules and messages, word for word as the product states them (shared/form-rules.ts).
import * as yup from 'yup';
import { PASSWORD_MIN_LENGTH } from '@/shared/constants';
import { ACCOUNT_MESSAGES as M } from '@/shared/form-rules';

export const personalInformationSchema = yup.object({
  first_name: yup.string().trim().required(M.profileFirstNameRequired),
  last_name: yup.string().trim().required(M.profileLastNameRequired),
});

export const changePasswordSchema = yup.object({
  current_password: yup.string().min(PASSWORD_MIN_LENGTH, M.passwordTooShort).required(M.currentPasswordRequired),
  new_password: yup.string().min(PASSWORD_MIN_LENGTH, M.passwordTooShort).required(M.newPasswordRequired),
  confirm_password: yup
    .string()
    .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
    .oneOf([yup.ref('new_password')], M.passwordsMustMatch)
    .required(M.confirmRequired),
});

export type PersonalInformationValues = yup.InferType<typeof personalInformationSchema>;
export type ChangePasswordValues = yup.InferType<typeof changePasswordSchema>;
