import { createElement, useContext, type ReactNode } from 'react';
import { CardHeadingLevel } from './card-heading-level';
import { rowCardClasses as c } from './row-card-classes';

export interface RowCardProps {
  /** The row's name as a link to its page: the card's heading; a tap anywhere on the card follows it. */
  heading: ReactNode;
  /** The row's name in words, for the checkbox's label. */
  name: string;
  /** A line under the heading ('Partner at Acme Ventures'). */
  subtitle?: ReactNode;
  /** Beside the heading, at the end: the fit chip, the pending mark. */
  aside?: ReactNode;
  /** Given to show a checkbox that selects the row. */
  selection?: { selected: boolean; onChange: (selected: boolean) => void };
  /** The card's body (rowCardClasses' facts and lines): badges, facts, controls. Controls in it stay above the card's link. */
  children?: ReactNode;
}

/**
 * One row as a card, in a RowCardList (which holds its styles): its name (a link to its page) as the heading,
 * a subtitle, what is beside the name, then the body; with a checkbox after the link, so Tab reaches a card's
 * link, then its checkbox. The checkbox is the browser's own: a phone's, drawn in the theme's colour.
 */
export function RowCard({ heading, name, subtitle, aside, selection, children }: RowCardProps) {
  const headingElement = useContext(CardHeadingLevel);
  return (
    <article className={c.root}>
      <div style={{ minWidth: 0 }}>
        <div className={c.top}>
          {createElement(headingElement, { className: c.heading }, heading)}
          {aside && <div className={c.aside}>{aside}</div>}
        </div>
        {subtitle && <p className={c.subtitle}>{subtitle}</p>}
      </div>
      {selection ? (
        <label className={c.select}>
          <input
            type="checkbox"
            checked={selection.selected}
            onChange={(event) => selection.onChange(event.target.checked)}
            aria-label={`Select ${name}`}
          />
        </label>
      ) : (
        <span />
      )}
      {children && <div className={c.body}>{children}</div>}
    </article>
  );
}
