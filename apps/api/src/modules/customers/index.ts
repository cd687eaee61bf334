/** The public face of the customers module: the only file other modules may import from. */

export type { CustomerRow } from './customers.repo.js';
export {
  findCustomer,
  findCustomerBySubscription,
  insertCustomer,
  isListedInSearch,
  updateCustomer,
} from './customers.repo.js';
export { logoContentType } from './logo.js';
