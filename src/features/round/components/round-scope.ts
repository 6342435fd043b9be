import { createContext, useContext } from 'react';

/** An investor list the page may sum, as the chooser and a breakdown by list name it. */
export interface RoundList {
  id: number;
  name: string;
  /** Hers (summed in "All lists"), or shared with her (summed alone). */
  own: boolean;
}

/** What every figure on the page needs to open its rows: which list is summed, how, and her lists. */
export interface RoundScope {
  /** The one list summed, or null for all her own investor lists. */
  listId: number | null;
  coldDays: number;
  tz: string;
  lists: readonly RoundList[];
}

export const RoundScopeContext = createContext<RoundScope>({ listId: null, coldDays: 14, tz: 'UTC', lists: [] });

export const useRoundScope = () => useContext(RoundScopeContext);

/** Hidden from sight, read by a screen reader (a chart's table). */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;
