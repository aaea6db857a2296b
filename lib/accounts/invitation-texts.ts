import type { InvitationUnavailable } from "./invitations";

/** What the invitation page says of a link that cannot be used (pt-BR). */
export const INVITATION_UNAVAILABLE: Record<InvitationUnavailable, { title: string; text: string }> = {
  unknown: {
    title: "Convite inválido",
    text: "Este link de convite não é válido. Se o convite foi reenviado, use o link do e-mail mais recente; se não, peça um novo convite a um administrador da corretora.",
  },
  accepted: {
    title: "Convite já usado",
    text: "Este convite já foi aceito: cada link vale uma única vez. Entre no portal com seu e-mail e senha.",
  },
  revoked: {
    title: "Convite revogado",
    text: "Este convite foi cancelado por um administrador da corretora. Se você ainda precisa de acesso, peça um novo convite.",
  },
  expired: {
    title: "Convite expirado",
    text: "Este convite passou do prazo de 72 horas. Peça a um administrador da corretora que o reenvie.",
  },
};
