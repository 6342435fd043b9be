import { object, string } from 'yup';
import { MEMBER_ROLES, type MemberRole } from '@/shared/teams';

export interface InviteValues {
  email: string;
  role: MemberRole;
}

export const inviteSchema = object({
  email: string().trim().required('E-mail is required').email('Enter a valid e-mail address'),
  role: string().oneOf(MEMBER_ROLES).required(),
});
