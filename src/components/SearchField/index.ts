export { SearchField, type SearchFieldProps } from './SearchField';
