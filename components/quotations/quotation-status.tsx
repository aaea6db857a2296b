const LABELS = {
  Draft: ["Em aberto", "badge-info"],
  Confirmed: ["Em emissão", "badge-warning"],
  Finished: ["Emitida", "badge-success"],
  Expired: ["Expirada", "badge-muted"],
} as const;

export function QuotationStatusBadge({ status }: { status: keyof typeof LABELS }) {
  const [text, tone] = LABELS[status];
  return <span className={`badge ${tone}`}>{text}</span>;
}
