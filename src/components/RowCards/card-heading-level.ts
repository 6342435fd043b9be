import { createContext } from 'react';

/**
 * The element of each card's heading, set by its RowCardList: one level under the heading the list sits under
 * (the page's h1, or a section's h2), so a screen reader's outline skips no level.
 */
export const CardHeadingLevel = createContext<'h2' | 'h3'>('h2');
