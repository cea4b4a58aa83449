export { ImageUploadField } from './ImageUploadField';
export { ImageUploader } from './ImageUploader';
