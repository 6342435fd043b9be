import { useState } from 'react';
import { Alert, Box, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { AppButton } from '@/components/AppButton/AppButton';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { FormButtons } from '@/components/FormButtons/FormButtons';
import { Modal } from '@/components/Modal/Modal';
import { QueryView } from '@/components/QueryView/QueryView';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { apiErrorDetail } from '@/lib/api-client';
import { copyText } from '@/lib/copy-text';
import { useRowDeckLinks, useSaveDeckLink } from '../api/deck-links';
import { useDecks } from '../api/decks';
import { linkSettingsBody, linkSettingsSchema, newLinkValues, type LinkSettingsValues } from '../forms/link-settings';
import { DeckLinkRow } from './DeckLinkRow';
import { LinkSettingsFields } from './LinkSettingsFields';
import { linkUrl } from './link-text';

/** The row a deck is shared from: an investor on a list. */
export interface ShareDeckRow {
  listId: number;
  investorId: number;
  name: string;
  email: string | null;
}

/**
 * "Share deck" from a row: the links made for this investor (how each was read), and, for whoever may change the
 * row, a new link to one of her decks, copied once made.
 */
export function ShareDeckDialog({ row, canShare, onClose }: { row: ShareDeckRow; canShare: boolean; onClose: () => void }) {
  const links = useRowDeckLinks(row.listId, row.investorId);
  const decks = useDecks();
  const [deckId, setDeckId] = useState<number | null>(null);
  const chosen = decks.data?.find((deck) => deck.id === (deckId ?? decks.data[0]?.id)) ?? null;
  const save = useSaveDeckLink();
  const [making, setMaking] = useState(false);
  return (
    <Modal open onClose={onClose} title={`Deck links for ${row.name}`} width={600} fullScreenOnPhone>
      <Stack spacing={2.5}>
        <QueryView
          query={links}
          loading={<Skeleton variant="rounded" height={64} />}
          failed="The links could not be loaded."
          empty={<Typography color="text.secondary">No deck shared with {row.name} yet.</Typography>}
        >
          {(rowLinks) => (
            <Box component="ul" aria-label={`Deck links for ${row.name}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {rowLinks.map((link) => (
                <DeckLinkRow key={link.id} link={link} canManage={false} title={link.name ?? link.deck_name} />
              ))}
            </Box>
          )}
        </QueryView>
        {canShare &&
          (decks.isPending ? (
            <Skeleton variant="rounded" height={48} />
          ) : decks.isError ? (
            <Alert severity="error">{apiErrorDetail(decks.error) ?? 'Your decks could not be loaded.'}</Alert>
          ) : !chosen ? (
            <Typography>
              Upload a deck first, on the <TextLink to="/decks">Decks</TextLink> page.
            </Typography>
          ) : !making ? (
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <AppButton onClick={() => setMaking(true)}>New link</AppButton>
            </Stack>
          ) : (
            <Formik<LinkSettingsValues>
              initialValues={newLinkValues(row.email)}
              validationSchema={linkSettingsSchema(false)}
              onSubmit={async (values) => {
                if (!chosen) return;
                try {
                  const settings = { ...linkSettingsBody(values), list_id: row.listId, investor_id: row.investorId };
                  const link = await save.mutateAsync({ deckId: chosen.id, settings });
                  await copyText(linkUrl(link));
                  setMaking(false);
                } catch {
                  // Said by the form's alert.
                }
              }}
            >
              {({ isSubmitting }) => (
                <Form noValidate>
                  <Stack spacing={2}>
                    <FormAlert message={save.isError ? (apiErrorDetail(save.error) ?? 'The link could not be made.') : undefined} />
                    {decks.data.length > 1 && (
                      <TextField select label="Deck" value={chosen.id} onChange={(event) => setDeckId(Number(event.target.value))}>
                        {decks.data.map((deck) => (
                          <MenuItem key={deck.id} value={deck.id}>
                            {deck.name}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                    <LinkSettingsFields versions={undefined} nameLabel="Name (optional)" />
                  </Stack>
                  <FormButtons submitLabel="Make and copy link" submitting={isSubmitting} onCancel={() => setMaking(false)} />
                </Form>
              )}
            </Formik>
          ))}
      </Stack>
    </Modal>
  );
}
