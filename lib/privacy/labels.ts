/** What the outcome's counts are called on the page and in the PDF. */
export const OUTCOME_COUNT_TEXT: Record<string, string> = {
  quotations: "Cotações",
  proposals: "Propostas",
  policies: "Apólices",
  installments: "Parcelas",
  payments: "Pagamentos",
  endorsements: "Endossos",
  refunds: "Restituições",
  claims: "Sinistros",
  documents: "Documentos",
  auditEntries: "Registros de auditoria",
  anonymisedQuotations: "Cotações anonimizadas",
  blockedPolicies: "Apólices bloqueadas",
  blockedClaims: "Sinistros bloqueados",
  blockedPayments: "Pagamentos bloqueados",
  redactedNotices: "Avisos apagados",
};

/** Shown instead of a blocked person's data wherever one of their records is opened by number. */
export const PRIVACY_BLOCKED_NOTICE = "Dados bloqueados a pedido do titular (LGPD)";
