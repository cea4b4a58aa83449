import { UploadScreen } from '../uploads/UploadList';

/** /admin/uploads: Platform Uploads, every account's uploads with Allow on flagged content. */
const AdminUploadList = () => <UploadScreen platform />;

export default AdminUploadList;
