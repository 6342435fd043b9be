import { PASSWORD_MIN_LENGTH } from '@/shared/constants';

/** Under a new password's field: the rules it must meet (shared/form-rules.ts words their failures). */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with one special character.`;
