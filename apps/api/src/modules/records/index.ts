/** The public face of the records module: the only file other modules may import from. */
export { assertGoaeRate, assertMayBillGoae, assertNoItemConflicts, feeAgreementOf, ownField } from './fee-rules.js';
export {
  findFeeAgreementFields,
  findFeeItem,
  findJobTitleType,
  findUserDiagnosis,
} from './records.repo.js';
export {
  addDiagnosis,
  addFeeDefault,
  readDiagnoses,
  readFeeDefaults,
  removeDiagnoses,
  removeFeeDefaults,
} from './records.service.js';
