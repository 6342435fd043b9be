// Stands in for MUI's `locale/utils/buildFormatNumber` (src/server/build/lazy-number-format-plugin.ts):
// the same formatter, but its Intl.NumberFormat is built at the first number it formats, not when the
// module is evaluated. MUI's pagination builds one as the data grid's code loads, whether or not a page
// ever shows MUI's pager (ours does not): 10-20 ms of that chunk's evaluation here, several times that on
// a phone.

/** A function formatting numbers for `locale`, as MUI's own, its NumberFormat made on first use. */
export default function buildFormatNumber(locale: string): (value: number) => string {
  let formatter: Intl.NumberFormat | null | undefined;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    if (formatter === undefined) {
      try {
        formatter = new Intl.NumberFormat(locale);
      } catch {
        formatter = null;
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
}
