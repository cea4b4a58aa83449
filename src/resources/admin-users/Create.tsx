/** New Admin: the dialog over the list (NewAdminDialog.tsx). */
export { AdminUserCreate as default } from './NewAdminDialog';
