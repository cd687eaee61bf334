/** The public face of the push module: the only file other modules may import from. */
export { sendPushToUser } from './push.service.js';
