// How people and times read in the teams feature's screens.
import type { Person } from '@/shared/teams';

/** A member's full name; a deleted account's changes read as a former member's. */
export const personName = (person: Pick<Person, 'first_name' | 'last_name'> | null) =>
  person ? `${person.first_name} ${person.last_name}`.trim() : 'A former member';

const valid = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** 'Nov 24, 2026' in this device's time zone. */
export const formatDay = (iso: string) =>
  valid(iso)?.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) ?? '';

/** 'Nov 24, 2026, 3:05 PM' in this device's time zone. */
export const formatTime = (iso: string) =>
  valid(iso)?.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }) ?? '';
