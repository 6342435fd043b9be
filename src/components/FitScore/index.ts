export { FitReasons, FitScore } from './FitScore';
