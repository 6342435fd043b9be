// A deck link's settings as a form: what the founder chooses, and what the server is sent.
import * as yup from 'yup';
import { DECK_LIMITS, type DeckLink, type DeckLinkPatch } from '@/shared/decks';
import { ACCOUNT_MESSAGES, EMAIL_MAX_LENGTH, STORED_EMAIL_PATTERN } from '@/shared/form-rules';

export interface LinkSettingsValues {
  name: string;
  /** '' for the latest version, else a version's id. */
  versionId: string;
  requireEmail: boolean;
  email: string;
  /** YYYY-MM-DD, or '' for never. */
  expiresOn: string;
  allowDownload: boolean;
  watermark: boolean;
}

export const linkSettingsSchema = (nameRequired: boolean) =>
  yup.object({
    name: nameRequired
      ? yup.string().trim().required('Name the link').max(DECK_LIMITS.nameChars, `At most ${DECK_LIMITS.nameChars} characters`)
      : yup.string().trim().max(DECK_LIMITS.nameChars, `At most ${DECK_LIMITS.nameChars} characters`),
    email: yup.string().trim().max(EMAIL_MAX_LENGTH, ACCOUNT_MESSAGES.emailInvalid).matches(STORED_EMAIL_PATTERN, { message: ACCOUNT_MESSAGES.emailInvalid, excludeEmptyString: true }),
    expiresOn: yup
      .string()
      .test('future', 'Pick a day from today on', (value) => !value || value >= new Date().toLocaleDateString('en-CA')),
  });

export const newLinkValues = (email: string | null): LinkSettingsValues => ({
  name: '',
  versionId: '',
  requireEmail: true,
  email: email ?? '',
  expiresOn: '',
  allowDownload: false,
  watermark: false,
});

export const linkValues = (link: DeckLink): LinkSettingsValues => ({
  name: link.name ?? '',
  versionId: link.version_id === null ? '' : String(link.version_id),
  requireEmail: link.require_email,
  email: link.email ?? '',
  expiresOn: link.expires_at ? new Date(link.expires_at).toLocaleDateString('en-CA') : '',
  allowDownload: link.allow_download,
  watermark: link.watermark,
});

/** The link ends at the end of its last day, where the founder is. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

export const linkSettingsBody = (values: LinkSettingsValues): DeckLinkPatch => ({
  ...(values.name.trim() ? { name: values.name.trim() } : {}),
  version_id: values.versionId === '' ? null : Number(values.versionId),
  require_email: values.requireEmail,
  email: values.requireEmail && values.email.trim() ? values.email.trim() : null,
  expires_at: values.expiresOn ? endOfDay(values.expiresOn) : null,
  allow_download: values.allowDownload,
  watermark: values.watermark,
});
