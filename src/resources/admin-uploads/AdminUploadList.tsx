import { UploadScreen } from '../uploads/UploadList';

/** /admin/uploads: Platform Uploads, every account's uploads with Allow on flagged content. */
export const AdminUploadList = () => <UploadScreen platform />;
