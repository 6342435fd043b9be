// The grid's toolbar icons, shared by its buttons and their placeholders while its code loads.
import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';

export const columnsIcon = <ViewColumnOutlinedIcon fontSize="small" />;
export const densityIcon = <DensityMediumIcon fontSize="small" />;
