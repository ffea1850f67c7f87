export { GalleryViewer } from './components/gallery-viewer';
export { useGalleryManifest } from './api/get-gallery-manifest';
