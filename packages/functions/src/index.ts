export * from './routes';
export { httpHandler, withStatus, type Claims, type HandlerInput } from './lib/http';
