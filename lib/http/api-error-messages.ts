import { REVIEW_FIELDS_MESSAGE } from "@/lib/forms/action-result";
import { ApiError, type ErrorCode } from "@/lib/http/errors";

/** pt-BR messages for the API's business errors as the portal shows them. */
const MESSAGES: Partial<Record<ErrorCode, string>> = {
  "QUOTATION-NOT-FOUND": "Cotação não encontrada.",
  "PROPOSAL-NOT-FOUND": "Gere a proposta antes de seguir para o pagamento.",
  "QUOTATION-NOT-EDITABLE": "Esta cotação já foi enviada para pagamento e não pode mais ser alterada.",
  "QUOTATION-EXPIRED": "A validade desta cotação terminou. Recalcule-a para obter novos preços.",
  "ANSWERS-NOT-EVALUATED": REVIEW_FIELDS_MESSAGE,
  "INVALID-FORM-FIELD": REVIEW_FIELDS_MESSAGE,
  "PAYMENT-GATEWAY-UNAVAILABLE":
    "O meio de pagamento está indisponível no momento. Tente novamente em instantes.",
  "POLICY-NOT-FOUND": "Apólice não encontrada.",
  "POLICY-BLOCKED":
    "Dados bloqueados a pedido do titular (LGPD): o registro fica guardado pelo prazo legal e não pode ser consultado nem alterado.",
  "POLICY-NOT-ACTIVE": "Só é possível avisar sinistro de uma apólice emitida (vigente).",
  "OCCURRENCE-OUTSIDE-VIGENCY":
    "A data da ocorrência deve estar dentro da vigência da apólice e não pode ser futura.",
  "ENDORSEMENT-DATE-INVALID":
    "A data de início da alteração deve estar dentro da vigência da apólice e não pode ser anterior a hoje.",
  "ENDORSEMENT-NOT-FOUND": "Endosso não encontrado.",
  "ENDORSEMENT-EXPIRED":
    "A prévia deste endosso não vale mais (a validade terminou ou a apólice mudou). Faça uma nova prévia.",
  "RENEWAL-NOT-AVAILABLE":
    "A apólice só pode ser renovada a partir de 60 dias antes do fim da vigência e até 30 dias depois.",
  "RENEWAL-ALREADY-EXISTS": "Esta apólice já tem uma cotação de renovação.",
  "INSTALLMENT-NOT-FOUND": "A apólice não tem parcela com este número.",
  "NOTICE-NOT-AUTHENTIC": "Aviso de Pix sem assinatura válida.",
  "INSTALLMENT-NOT-OVERDUE": "Só é possível emitir a 2ª via de uma parcela vencida.",
  "SECOND-COPY-NOT-AVAILABLE":
    "Parcelas no cartão de crédito não têm 2ª via: a cobrança no cartão é refeita automaticamente.",
  "IDEMPOTENCY-KEY-REUSED":
    "Esta chave de idempotência já foi usada com outro conteúdo nesta operação. Use uma chave nova.",
  "IDEMPOTENCY-KEY-IN-USE":
    "Uma requisição com esta chave de idempotência ainda está em andamento. Tente novamente em instantes.",
  "REFUND-NOT-FOUND": "Restituição não encontrada.",
  "REFUND-NOT-AWAITING-DESTINATION":
    "Esta restituição não aguarda dados bancários: já está agendada ou paga, ou volta pelo cartão ou Pix.",
  "DESTINATION-NOT-THE-PAYERS":
    "A chave ou conta pertence a outro CPF/CNPJ: a restituição só é paga em chave ou conta do próprio segurado.",
  "SERVICE-UNAVAILABLE": "O serviço está indisponível no momento. Tente novamente em instantes.",
};

/** The portal's words for one of the API's error codes. */
export function apiErrorMessage(code: ErrorCode): string {
  return MESSAGES[code] ?? "Não foi possível concluir a operação.";
}

/** The ApiError's codes and offending properties, or undefined for any other error (rethrow it). */
export function describeApiError(error: unknown) {
  if (!(error instanceof ApiError)) return undefined;
  const first = error.errors[0]!;
  return {
    code: first.code,
    message: apiErrorMessage(first.code),
    properties: [...new Set(error.errors.flatMap((item) => item.properties ?? []))],
  };
}

/** The endorsement screens' words where they differ from the other screens' (POLICY-NOT-ACTIVE is the claim's). */
const ENDORSEMENT_MESSAGES: Partial<Record<ErrorCode, string>> = {
  "POLICY-NOT-ACTIVE": "Só é possível alterar ou cancelar uma apólice emitida (vigente).",
};

/** describeApiError for the policy page's "Alterar apólice" and "Cancelar". */
export function describeEndorsementError(error: unknown) {
  const described = describeApiError(error);
  return described && { ...described, message: ENDORSEMENT_MESSAGES[described.code] ?? described.message };
}
