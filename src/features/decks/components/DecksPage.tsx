import { useState } from 'react';
import { Box, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { DeckMenu } from './DeckMenu';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageTitle } from '@/components/PageTitle/PageTitle';
import { QueryView } from '@/components/QueryView/QueryView';
import { apiErrorDetail } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { DECK_LIMITS, type Deck } from '@/shared/decks';
import { useDeckLinks } from '../api/deck-links';
import { useDecks, useDeleteDeck, useUploadDeck, useUploadVersion } from '../api/decks';
import { DeckLinkRow } from './DeckLinkRow';
import { LinkDialog } from './LinkDialog';
import { PdfPicker } from './PdfPicker';
import { RenameDeckDialog } from './RenameDeckDialog';
import { copyText } from '@/lib/copy-text';
import { toastOutcome } from '@/lib/mutation-toasts';
import { linkUrl } from './link-text';

const nameOf = (file: File) => file.name.replace(/\.pdf$/i, '').slice(0, DECK_LIMITS.nameChars) || 'Deck';
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** /decks: her decks, each with its versions and links, and how each link was read. */
export function DecksPage() {
  const decks = useDecks();
  const upload = useUploadDeck();
  const uploadDeck = (file: File) =>
    upload.mutate(
      { file, name: nameOf(file) },
      {
        onSuccess: (deck) => showToast(`${deck.name} uploaded: ${deck.latest.page_count} pages`, { variant: 'success' }),
        onError: (error) => showToast(apiErrorDetail(error) ?? 'The deck could not be uploaded.', { variant: 'error' }),
      },
    );
  return (
    <>
      <PageTitle
        title="Decks"
        subtitle="Send your deck as a link, one per investor, and see who read it: when, for how long, and page by page."
        actions={
          <PdfPicker onPick={uploadDeck} loading={upload.isPending}>
            Upload deck
          </PdfPicker>
        }
      />
      <QueryView
        query={decks}
        loading={
          <Stack spacing={2} aria-label="Loading your decks">
            <Skeleton variant="rounded" height={160} />
          </Stack>
        }
        failed="Your decks could not be loaded."
        empty={
          <EmptyState
            title="No decks yet"
            description={
              <>
                Upload your deck as a PDF (up to {DECK_LIMITS.bytes / 1024 / 1024} MB and {DECK_LIMITS.pages} pages). Then share it from an investor&apos;s row on a
                list, or make a link here, and see each reader&apos;s time on every page.
              </>
            }
          />
        }
      >
        {(yourDecks) => (
          <Stack spacing={2}>
            {yourDecks.map((deck) => (
              <DeckCard key={deck.id} deck={deck} />
            ))}
          </Stack>
        )}
      </QueryView>
    </>
  );
}

function DeckCard({ deck }: { deck: Deck }) {
  const [open, setOpen] = useState<'link' | 'rename' | 'delete' | null>(null);
  const links = useDeckLinks(deck.id);
  const version = useUploadVersion(deck.id);
  const remove = useDeleteDeck();
  const headingId = `deck-${deck.id}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} component="h2" sx={{ fontWeight: 650, fontSize: 17, overflowWrap: 'anywhere' }}>
            {deck.name}
          </Typography>
          <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
            Version {deck.latest.version} · {deck.latest.page_count} pages · {megabytes(deck.latest.bytes)} · uploaded{' '}
            <time dateTime={deck.latest.created_at}>{new Date(deck.latest.created_at).toLocaleDateString(undefined, { dateStyle: 'medium' })}</time>
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexShrink: 0 }}>
          <PdfPicker
            variant="secondary"
            loading={version.isPending}
            onPick={(file) =>
              version.mutate(file, {
                onSuccess: (next) => showToast(`Version ${next.latest.version} uploaded: links show it unless pinned`, { variant: 'success' }),
                onError: (error) => showToast(apiErrorDetail(error) ?? 'The version could not be uploaded.', { variant: 'error' }),
              })
            }
          >
            New version
          </PdfPicker>
          <DeckMenu
            label={`More for ${deck.name}`}
            items={[
              { label: 'New link', onClick: () => setOpen('link') },
              { label: 'Rename', onClick: () => setOpen('rename') },
              { label: 'Delete deck', onClick: () => setOpen('delete'), destructive: true },
            ]}
          />
        </Stack>
      </Stack>
      <Box sx={{ mt: 2 }}>
        <QueryView
          query={links}
          loading={<Skeleton variant="rounded" height={56} />}
          failed="The links could not be loaded."
          empty={
            <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
              No links yet: share the deck from an investor&apos;s row on a list, or make a link from More.
            </Typography>
          }
        >
          {(deckLinks) => (
            <Box component="ul" aria-label={`Links to ${deck.name}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {deckLinks.map((link) => (
                <DeckLinkRow key={link.id} deck={deck} link={link} canManage />
              ))}
            </Box>
          )}
        </QueryView>
      </Box>
      {open === 'link' && (
        <LinkDialog
          deck={deck}
          onClose={() => setOpen(null)}
          onCreated={(link) => {
            void copyText(linkUrl(link));
          }}
        />
      )}
      {open === 'rename' && <RenameDeckDialog deck={deck} onClose={() => setOpen(null)} />}
      <ConfirmDialog
        open={open === 'delete'}
        title={`Delete ${deck.name}?`}
        description="Every version goes, and every link to it stops working. This cannot be undone."
        confirmLabel="Delete deck"
        pending={remove.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => remove.mutate(deck.id, toastOutcome('Deck deleted', 'The deck could not be deleted.', () => setOpen(null)))}
      />
    </Paper>
  );
}
