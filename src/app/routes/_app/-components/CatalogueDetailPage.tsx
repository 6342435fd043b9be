import { Suspense, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Box } from '@mui/material';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import { AppButton } from '@/components/AppButton/AppButton';
import { CaptureAddressHint } from '@/features/capture/components/CaptureAddressHint';
import type { CatalogueKind, CatalogueRow } from '@/features/catalogue/catalogue-kind';
import { useRow } from '@/features/catalogue/api/get-row';
import { CatalogueDetail } from '@/features/catalogue/components/CatalogueDetail';
import type { ShareDeckRow } from '@/features/decks';
import { listKeys } from '@/features/lists/api/list-keys';
import { lazyComponent } from '@/features/offline';
import { PipelinePanel } from '@/features/pipeline/components/PipelinePanel';
import { useMe } from '@/features/profile/api/me';
import { useFitProfile } from '@/features/startup/api/use-startup-view';
import { ListEventsStream } from '@/features/teams/components/ListEventsStream';
import { RowActivity } from '@/features/teams/components/RowActivity';
import type { ListType } from '@/shared/api-types';

const ShareDeckDialog = lazyComponent(() => import('@/features/decks/components/ShareDeckDialog').then((module) => ({ default: module.ShareDeckDialog })));

/** The row's details, then the pipeline panel of the lists it is on, each with the row's activity there and kept live. */
export function CatalogueDetailPage<R extends CatalogueRow>({
  kind,
  listType,
  id,
  renderActions,
}: {
  kind: CatalogueKind<R>;
  listType: ListType;
  id: number;
  /** Buttons beside the heading (a private contact's, for its owner). */
  renderActions?: (row: R) => ReactNode;
}) {
  const { profile } = useFitProfile();
  const me = useMe();
  const queryClient = useQueryClient();
  const item = useRow(kind, id);
  // An investor's deck links are per list: each list's panel has its own "Share deck".
  const [sharingDeck, setSharingDeck] = useState<{ row: ShareDeckRow; canShare: boolean } | null>(null);
  const name = kind.detail(item).title;
  return (
    <CatalogueDetail kind={kind} id={id} fitProfile={profile} renderActions={renderActions}>
      <PipelinePanel
        listType={listType}
        itemId={id}
        listKeys={listKeys}
        userId={me.id}
        noTouchesHint={<CaptureAddressHint sx={{ mb: 1.5 }} />}
        renderRowExtra={(row, { canEdit }) => (
          <>
            {listType === 'investor' && (
              <Box>
                <AppButton
                  variant="secondary"
                  startIcon={<SlideshowOutlinedIcon fontSize="small" />}
                  onClick={() =>
                    setSharingDeck({ row: { listId: row.listId, investorId: id, name, email: kind.email?.(item) ?? null }, canShare: canEdit })
                  }
                >
                  Share deck
                </AppButton>
              </Box>
            )}
            <ListEventsStream
              listKeys={listKeys}
              listId={row.listId}
              userId={me.id}
              onAccessLost={() => void queryClient.invalidateQueries({ queryKey: listKeys.all })}
            />
            <RowActivity listKeys={listKeys} row={row} />
          </>
        )}
      />
      {sharingDeck && (
        <Suspense fallback={null}>
          <ShareDeckDialog row={sharingDeck.row} canShare={sharingDeck.canShare} onClose={() => setSharingDeck(null)} />
        </Suspense>
      )}
    </CatalogueDetail>
  );
}
