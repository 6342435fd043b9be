// Account Settings' rules and messages, word for word as the product states them.
import * as yup from 'yup';
import { PASSWORD_MIN_LENGTH } from '@/shared/constants';

const tooShort = 'Password must be at least 8 characters';

export const personalInformationSchema = yup.object({
  first_name: yup.string().trim().required('Firstname is required'),
  last_name: yup.string().trim().required('Lastname is required'),
});

export const changePasswordSchema = yup.object({
  current_password: yup.string().min(PASSWORD_MIN_LENGTH, tooShort).required('Current password is required'),
  new_password: yup.string().min(PASSWORD_MIN_LENGTH, tooShort).required('New password is required'),
  confirm_password: yup
    .string()
    .min(PASSWORD_MIN_LENGTH, tooShort)
    .oneOf([yup.ref('new_password')], 'Passwords must match')
    .required('Confirm Password is required'),
});

export type PersonalInformationValues = yup.InferType<typeof personalInformationSchema>;
export type ChangePasswordValues = yup.InferType<typeof changePasswordSchema>;
