import * as yup from 'yup';
import type { ListType } from '@/shared/api-types';
import { LIST_DESCRIPTION_MAX, LIST_MESSAGES as M, LIST_NAME_MAX } from '@/shared/form-rules';

export const LIST_TYPES: ReadonlyArray<{ value: ListType; label: string }> = [
  { value: 'investor', label: 'Investor' },
  { value: 'fund', label: 'Fund' },
];

/** The rules of a list's name and description, and their messages, word for word (shared/form-rules.ts). */
const name = yup.string().trim().max(LIST_NAME_MAX, M.nameTooLong).required(M.nameRequired);
const description = yup.string().max(LIST_DESCRIPTION_MAX, M.descriptionTooLong).default('');

export const createListSchema = yup.object({
  name,
  description,
  list_type: yup.string().required(M.typeRequired).oneOf(['investor', 'fund'], M.typeInvalid),
});

/** Renaming keeps the name rule; the type of a list never changes. */
export const editListSchema = yup.object({ name, description });
