// The proposal's questions are catalogue data (GET /api/v1/catalogue/{operationCode} describes them).
export {
  DUE_DAY_QUESTION,
  MISSING_INSTALLMENT_CODES,
  PROPOSAL_KEPT_ANSWERS,
  proposalQuestions,
  takesDueDay,
} from "@/lib/catalogue/proposal-questions";
