import type { MemberRole } from '@/shared/teams';

/** What each role given by an invitation may do. */
export const ROLE_HINTS: Record<MemberRole, string> = {
  editor: 'Adds and removes rows, moves stages, sets follow-ups and amounts, adds notes',
  viewer: 'Reads and exports',
};
