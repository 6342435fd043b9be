import { MenuItem } from '@mui/material';

/** A select's options: each of a vocabulary's values, shown by its label (stages, roles, alerts, import fields). */
export function labelledOptions<V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>) {
  return values.map((value) => (
    <MenuItem key={value} value={value}>
      {labels[value]}
    </MenuItem>
  ));
}
