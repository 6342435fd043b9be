// What a phone's card says of an investor or a fund on a list's page and a saved search's new rows: read
// from the kind's card view, as the catalogue's own cards are (the route adds what the page adds to it).
import { FitScore } from '@/components/FitScore';
import type { RowCardProps } from '@/components/RowCards';
import type { CatalogueKind, CatalogueRow } from '@/features/catalogue/catalogue-kind';
import { CatalogueCardFacts } from '@/features/catalogue/components/CatalogueCard';
import type { CompleteStartupProfile } from '@/shared/fit';

export type CardSummary = Pick<RowCardProps, 'subtitle' | 'aside' | 'children'>;

/** The row's subtitle, fit chip, type badge, place, and first preferences, from its kind's card view. */
export function cardSummary<R extends CatalogueRow>(kind: CatalogueKind<R>, row: R, profile: CompleteStartupProfile | null): CardSummary {
  const { card } = kind;
  return {
    subtitle: card.subtitle(row),
    aside: row.fit && profile && (
      <span data-above-link>
        <FitScore fit={row.fit} profile={profile} />
      </span>
    ),
    children: <CatalogueCardFacts card={card} row={row} />,
  };
}
