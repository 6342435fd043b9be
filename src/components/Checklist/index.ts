export { Checklist, type ChecklistProps } from './Checklist';
