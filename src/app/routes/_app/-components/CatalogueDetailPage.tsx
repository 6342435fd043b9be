import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CaptureAddressHint } from '@/features/capture/components/CaptureAddressHint';
import type { CatalogueKind, CatalogueRow } from '@/features/catalogue/catalogue-kind';
import { CatalogueDetail } from '@/features/catalogue/components/CatalogueDetail';
import { listKeys } from '@/features/lists/api/list-keys';
import { PipelinePanel } from '@/features/pipeline/components/PipelinePanel';
import { useMe } from '@/features/profile/api/me';
import { useFitProfile } from '@/features/startup/api/use-startup-view';
import { ListEventsStream } from '@/features/teams/components/ListEventsStream';
import { RowActivity } from '@/features/teams/components/RowActivity';
import type { ListType } from '@/shared/api-types';

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
  return (
    <CatalogueDetail kind={kind} id={id} fitProfile={profile} renderActions={renderActions}>
      <PipelinePanel
        listType={listType}
        itemId={id}
        listKeys={listKeys}
        userId={me.id}
        noTouchesHint={<CaptureAddressHint sx={{ mb: 1.5 }} />}
        renderRowExtra={(row) => (
          <>
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
    </CatalogueDetail>
  );
}
