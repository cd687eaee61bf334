/** The public face of the booking module: the only file other modules may import from. */
export { leaveWaitingListOnBooking, offerFreedSlot } from './waiting-list.service.js';
