export { ContactDialog } from './components/contact-dialog';
