export { sendEmail, type Email } from './send';
