/** The public face of the booking module: the only file other modules may import from. */

export { publicPageHead } from './public-page-head.js';
export { leaveWaitingListOnBooking, offerFreedSlot } from './waiting-list.service.js';
export { openWidgetAnswerCache } from './widget-answer-cache.js';
