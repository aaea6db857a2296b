import type { AuditAction } from "./types";

/** The actions as the audit page and its CSV name them (pt-BR). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "auth.sign-in": "Entrada no portal",
  "auth.sign-in-failed": "Entrada recusada",
  "auth.sign-out": "Saída do portal",
  "auth.second-factor-failed": "Segundo fator recusado",
  "session.ended": "Sessão encerrada",
  "password.changed": "Senha alterada",
  "second-factor.enabled": "Segundo fator ativado",
  "second-factor.removed": "Segundo fator removido",
  "second-factor.recovery-codes-regenerated": "Códigos de recuperação gerados",
  "second-factor.recovery-code-used": "Código de recuperação usado",
  "passkey.added": "Chave de acesso cadastrada",
  "passkey.removed": "Chave de acesso removida",
  "broker.second-factor-requirement-changed": "Exigência de segundo fator alterada",
  "broker.created": "Corretora cadastrada",
  "invitation.sent": "Convite enviado",
  "invitation.resent": "Convite reenviado",
  "invitation.revoked": "Convite revogado",
  "invitation.accepted": "Convite aceito",
  "user.role-changed": "Perfil de usuário alterado",
  "user.deactivated": "Usuário desativado",
  "password.reset-requested": "Redefinição de senha pedida",
  "password.reset": "Senha redefinida",
  "email.change-requested": "Troca de e-mail pedida",
  "email.changed": "E-mail alterado",
  "auth.reauthenticated": "Identidade confirmada de novo",
  "auth.reauthentication-failed": "Confirmação de identidade recusada",
  "api-key.created": "Chave de API criada",
  "api-key.revoked": "Chave de API revogada",
  "webhook-endpoint.created": "Webhook criado",
  "webhook-endpoint.changed": "Webhook alterado",
  "webhook-endpoint.deleted": "Webhook excluído",
  "policy.endorsement-issued": "Endosso emitido",
  "policy.canceled": "Apólice cancelada",
  "claim.noticed": "Sinistro avisado",
  "export.downloaded": "Exportação baixada",
  "payments.imported": "Pagamentos importados",
  "payments.remessa-downloaded": "Remessa de boletos baixada",
  "installment.second-copy": "2ª via de parcela emitida",
  "refund.created": "Restituição registrada",
  "refund.destination-set": "Dados para restituição informados",
  "refund.paid": "Restituição paga",
  "refund.failed": "Restituição não paga",
  "privacy-request.registered": "Solicitação do titular registrada",
  "privacy-request.access-exported": "Dados do titular exportados",
  "privacy-request.deletion-completed": "Eliminação do titular concluída",
  "policy.read": "Apólice consultada",
  "insured.read": "Segurado consultado",
};

export const AUDIT_OBJECT_LABELS: Record<string, string> = {
  user: "Usuário",
  "api-key": "Chave de API",
  "webhook-endpoint": "Webhook",
  policy: "Apólice",
  claim: "Sinistro",
  insured: "Segurado",
  passkey: "Chave de acesso",
  invitation: "Convite",
  broker: "Corretora",
  session: "Sessão",
  "privacy-request": "Solicitação do titular",
  export: "Exportação",
  "payment-import": "Arquivo de retorno",
};

export const AUDIT_ACTOR_KIND_LABELS: Record<string, string> = {
  user: "Usuário",
  "api-key": "Chave de API",
  system: "Plataforma",
  anonymous: "Desconhecido",
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
}
