// Which view of a list is shown, kept in the URL (?view=board) so a link or a reload keeps it.

export const LIST_VIEW_MODES = ['table', 'board'] as const;
export type ListViewMode = (typeof LIST_VIEW_MODES)[number];

/** The view a URL asks for: 'board', or undefined for the table (the default keeps the URL clean). */
export function listViewMode(value: unknown): 'board' | undefined {
  return value === 'board' ? 'board' : undefined;
}
