export { GalleryViewer } from './components/gallery-viewer';
export { GALLERY_ENTRIES } from './model/gallery-entries';
