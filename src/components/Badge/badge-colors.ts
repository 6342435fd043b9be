/** Soft background / strong text pairs; a vocabulary's values take them in order. */
export const BADGE_PALETTE = [
  { bg: '#EEF4FF', fg: '#3538CD' },
  { bg: '#ECFDF3', fg: '#027A48' },
  { bg: '#FFF6ED', fg: '#C4320A' },
  { bg: '#FDF2FA', fg: '#C11574' },
  { bg: '#F0F9FF', fg: '#026AA2' },
  { bg: '#F4F3FF', fg: '#5925DC' },
  { bg: '#FEF6FB', fg: '#9E165F' },
  { bg: '#FFFAEB', fg: '#B54708' },
  { bg: '#EFF8FF', fg: '#175CD3' },
  { bg: '#F6FEF9', fg: '#087443' },
  { bg: '#FEF3F2', fg: '#B42318' },
  { bg: '#F5F8FF', fg: '#2D31A6' },
] as const;

export const NEUTRAL_BADGE = { bg: '#F2F4F7', fg: '#344054' } as const;

export type BadgeColor = { bg: string; fg: string };

/** The colour of a value within its vocabulary; values outside the vocabulary get the neutral colour. */
export function badgeColor(vocabulary: readonly string[] | undefined, value: string): BadgeColor {
  const index = vocabulary ? vocabulary.indexOf(value) : -1;
  return index < 0 ? NEUTRAL_BADGE : BADGE_PALETTE[index % BADGE_PALETTE.length];
}
