export { YourImages } from './components/your-images';
