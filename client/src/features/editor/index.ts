export { Editor } from './components/editor';
