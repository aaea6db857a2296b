const TONES = { Issued: "badge-success", Expired: "badge-muted", Canceled: "badge-danger" } as const;

/** Emitida / Expirada / Cancelada, with a colour that is never the only cue (the text says it). */
export function PolicyStatusBadge({ status, text }: { status: keyof typeof TONES; text: string }) {
  return <span className={`badge ${TONES[status]}`}>{text}</span>;
}
