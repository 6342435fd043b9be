import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { formatChangeDay } from '../pipeline-format';

// Plain styles, not sx: the mark is drawn on every card of a phone's page (see RowCards' classes).
const style = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 3,
  padding: '0 6px',
  borderRadius: 10,
  fontSize: 12,
  fontWeight: 600,
  lineHeight: '20px',
  whiteSpace: 'nowrap',
  color: '#065f46',
  backgroundColor: '#d1fae5',
} as const;

/** The investor answered: a small "Answered" chip, its day in the title. */
export function AnsweredMark({ answeredAt }: { answeredAt: string | null }) {
  if (answeredAt === null) return null;
  return (
    <span style={style} title={`Answered ${formatChangeDay(answeredAt)}`}>
      <MarkEmailReadOutlinedIcon aria-hidden sx={{ fontSize: 14 }} />
      Answered
    </span>
  );
}
