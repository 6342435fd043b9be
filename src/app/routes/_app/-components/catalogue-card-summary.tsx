// What a phone's card says of an investor or a fund on a list's page and a saved search's new rows: read
// from the kind's card view, as the catalogue's own cards are (the route adds what the page adds to it).
import { styled } from '@mui/material/styles';
import { Badge } from '@/components/Badge';
import { FitScore } from '@/components/FitScore';
import type { RowCardProps } from '@/components/RowCards';
import { EMPTY } from '@/lib/format';
import type { CardBadges, CatalogueKind, CatalogueRow } from '@/features/catalogue/catalogue-kind';
import type { CompleteStartupProfile } from '@/shared/fit';

export type CardSummary = Pick<RowCardProps, 'subtitle' | 'aside' | 'children'>;

const Line = styled('div')({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 6, minWidth: 0 });
const Place = styled('span')(({ theme }) => ({ fontSize: 13, color: theme.palette.text.secondary, minWidth: 0, overflowWrap: 'anywhere' }));
const More = styled('span')(({ theme }) => ({ fontSize: 12, fontWeight: 600, color: theme.palette.text.secondary }));

/** A list field's first value as a badge, then '+N' for the rest. */
function FirstBadge<R>({ row, badges }: { row: R; badges: CardBadges<R> }) {
  const values = badges.values(row);
  if (values.length === 0) return null;
  const rest = values.length - 1;
  return (
    <>
      <Badge value={values[0]} vocabulary={badges.vocabulary} />
      {rest > 0 && <More aria-label={`and ${rest} more ${badges.noun}`}>+{rest}</More>}
    </>
  );
}

/** The row's subtitle, fit chip, type badge, place, and first preferences, from its kind's card view. */
export function cardSummary<R extends CatalogueRow>(kind: CatalogueKind<R>, row: R, profile: CompleteStartupProfile | null): CardSummary {
  const { card } = kind;
  const location = card.location(row);
  return {
    subtitle: card.subtitle(row),
    aside: row.fit && profile && (
      <span data-above-link>
        <FitScore fit={row.fit} profile={profile} />
      </span>
    ),
    children: (
      <>
        <Line>
          {card.type.values(row).map((type) => (
            <Badge key={type} value={type} vocabulary={card.type.vocabulary} />
          ))}
          {location !== EMPTY && <Place>{location}</Place>}
        </Line>
        <Line>
          {card.badges.map((badges) => (
            <FirstBadge key={badges.noun} row={row} badges={badges} />
          ))}
        </Line>
      </>
    ),
  };
}
