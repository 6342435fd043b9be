/**
 * A rounded number with en-US thousands separators (half away from zero, as Intl rounds), after an
 * optional prefix such as '$'. Written out because building an Intl.NumberFormat costs tens of
 * milliseconds on a phone while a page first renders.
 */
export function groupThousands(number: number, prefix = ''): string {
  const digits = String(Math.round(Math.abs(number))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${number <= -0.5 ? '-' : ''}${prefix}${digits}`;
}
