/** Fan Uploads at /uploads: the grid, its filters, the content dialog and bulk review (UploadList.tsx). */
export { UploadList as default } from './UploadList';
