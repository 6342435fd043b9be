import * as yup from 'yup';
import type { ListType } from '@/shared/api-types';

export const LIST_TYPES: ReadonlyArray<{ value: ListType; label: string }> = [
  { value: 'investor', label: 'Investor' },
  { value: 'fund', label: 'Fund' },
];

/** The rules of a list's name and description, and their messages, word for word. */
export const createListSchema = yup.object({
  name: yup.string().trim().required('List name is required'),
  description: yup.string().default(''),
  list_type: yup
    .string()
    .required('List type is required')
    .oneOf(['investor', 'fund'], "List type must be either 'investor' or 'fund'"),
});

/** Renaming keeps the name rule; the type of a list never changes. */
export const editListSchema = yup.object({
  name: yup.string().trim().required('List name is required'),
  description: yup.string().default(''),
});
