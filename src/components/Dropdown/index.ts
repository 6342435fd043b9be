export { Dropdown, type DropdownProps } from './Dropdown';
