import { Tooltip } from '@mui/material';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';

/** Marks a value changed on this device and not on the server yet. */
export function PendingMark({ what }: { what: string }) {
  return (
    <Tooltip title="Pending: saved once you are back online" describeChild>
      <CloudUploadOutlinedIcon sx={{ fontSize: 16, ml: 0.5, color: 'text.secondary' }} titleAccess={`${what}: pending sync`} />
    </Tooltip>
  );
}
