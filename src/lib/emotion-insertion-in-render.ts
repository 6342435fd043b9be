// Stands in for @emotion/use-insertion-effect-with-fallbacks (an alias in vite.config.ts): Emotion's
// styled components and css prop insert their rules while React renders, as Emotion does where React has
// no insertion effect, instead of in React's commit. Renders are split into short tasks that yield to
// input; a commit is one task. A table page's first commit inserted the rules of everything on its screen
// (10-20 ms here, several times that on a phone); they now go in while the page renders. A render React
// throws away leaves its rules in the sheet, where they do no harm. Global styles keep the insertion effect.
import { useInsertionEffect } from 'react';

/** Inserts at once, during the render. */
export function useInsertionEffectAlwaysWithSyncFallback(insert: () => unknown): void {
  insert();
}

export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
