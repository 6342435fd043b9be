import { memo } from 'react';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { Link } from '@tanstack/react-router';
import { Badge } from '@/components/Badge';
import { FitScore } from '@/components/FitScore';
import { RowCard, rowCardClasses as c } from '@/components/RowCards';
import { EMPTY } from '@/lib/format';
import type { CompleteStartupProfile } from '@/shared/fit';
import type { CardBadges, CardView, CatalogueKind, CatalogueRow } from '../catalogue-kind';

export interface CatalogueCardProps<R extends CatalogueRow> {
  kind: CatalogueKind<R>;
  row: R;
  /** The profile the rows are scored by: the fit chip shows with it. */
  profile: CompleteStartupProfile | null;
  selected: boolean;
  onSelect: (id: number, selected: boolean) => void;
  /** A change of the row waits to be sent (it was added to a list offline). */
  pending: boolean;
}

/** A list field's first value as a badge, then '+N' for the rest. */
function FirstBadge<R>({ row, badges }: { row: R; badges: CardBadges<R> }) {
  const values = badges.values(row);
  if (values.length === 0) return null;
  const rest = values.length - 1;
  return (
    <>
      <Badge value={values[0]} vocabulary={badges.vocabulary} />
      {rest > 0 && (
        <span className={c.count} title={values.slice(1).join(', ')}>
          +{rest}
          <span className={c.visuallyHidden}> more {badges.noun}</span>
        </span>
      )}
    </>
  );
}

/** A card's facts from its kind's card view: the type badge and place, then the first preferences; every page's cards show them. */
export function CatalogueCardFacts<R>({ card, row }: { card: CardView<R>; row: R }) {
  const location = card.location(row);
  return (
    <>
      <div className={c.line}>
        {card.type.values(row).map((type) => (
          <Badge key={type} value={type} vocabulary={card.type.vocabulary} />
        ))}
        {location !== EMPTY && <span className={c.meta}>{location}</span>}
      </div>
      <div className={c.line}>
        {card.badges.map((badges) => (
          <FirstBadge key={badges.noun} row={row} badges={badges} />
        ))}
      </div>
    </>
  );
}

function CatalogueCardImpl<R extends CatalogueRow>({ kind, row, profile, selected, onSelect, pending }: CatalogueCardProps<R>) {
  const { card } = kind;
  const name = card.name(row);
  const fit = profile && row.fit ? row.fit : null;
  return (
    <RowCard
      heading={
        <>
          <Link to={kind.detailRoute} params={{ id: String(row.id) }}>
            {name}
          </Link>
          {kind.nameMark?.(row)}
        </>
      }
      name={name}
      subtitle={card.subtitle(row)}
      aside={
        (fit || pending) && (
          <>
            {pending && (
              <span className={c.pending} title="Added to a list offline: sent once you are back online">
                <CloudUploadOutlinedIcon aria-hidden />
                Pending
              </span>
            )}
            {fit && profile && (
              <span data-above-link>
                <FitScore fit={fit} profile={profile} />
              </span>
            )}
          </>
        )
      }
      selection={{ selected, onChange: (next) => onSelect(row.id, next) }}
    >
      <CatalogueCardFacts card={card} row={row} />
    </RowCard>
  );
}

/** One catalogue row as a card, read from its kind's card view; memoised, so a tick renders one card. */
export const CatalogueCard = memo(CatalogueCardImpl) as typeof CatalogueCardImpl;
