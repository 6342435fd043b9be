import { FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useField, useFormikContext } from 'formik';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import type { DeckVersion } from '@/shared/decks';
import type { LinkSettingsValues } from '../forms/link-settings';

function SwitchField({ name, label }: { name: keyof LinkSettingsValues; label: string }) {
  const [field] = useField<boolean>({ name, type: 'checkbox' });
  return <FormControlLabel control={<Switch {...field} checked={field.checked ?? false} />} label={label} />;
}

/** A link's settings: its name, the version it shows, the e-mail gate, expiry, download and watermark. */
export function LinkSettingsFields({ versions, nameLabel }: { versions: DeckVersion[] | undefined; nameLabel: string }) {
  const { values, setFieldValue } = useFormikContext<LinkSettingsValues>();
  return (
    <Stack spacing={2}>
      <FormTextField name="name" label={nameLabel} autoComplete="off" />
      {versions && versions.length > 1 && (
        <TextField select label="Version shown" value={values.versionId} onChange={(event) => void setFieldValue('versionId', event.target.value)}>
          <MenuItem value="">The latest, always</MenuItem>
          {versions.map((version) => (
            <MenuItem key={version.id} value={String(version.id)}>
              Version {version.version} ({version.file_name})
            </MenuItem>
          ))}
        </TextField>
      )}
      <SwitchField name="requireEmail" label="Ask for an e-mail before showing" />
      {values.requireEmail && <FormTextField name="email" label="E-mail to prefill" type="email" autoComplete="off" />}
      <FormTextField name="expiresOn" label="Expires after" type="date" shrinkLabel helperText="Leave empty for a link that never expires" />
      <SwitchField name="allowDownload" label="Allow download" />
      <SwitchField name="watermark" label="Watermark each page with the reader's e-mail and the date" />
    </Stack>
  );
}
