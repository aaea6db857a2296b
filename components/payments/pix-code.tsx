import { CopyButton } from "@/components/ui/copy-button";
import { formatDate } from "@/lib/format/pt-br";

/** An installment's Pix charge: its QR code and the copy-and-paste code with a copy button. */
export function PixCode({
  copyPaste,
  qrCode,
  expiresAt,
  label,
}: {
  copyPaste: string;
  /** The QR code as a data URL (lib/format/qr-code.ts). */
  qrCode: string;
  expiresAt: string;
  /** Whose charge, for screen readers ("parcela 2"). */
  label: string;
}) {
  return (
    <div className="pix-code">
      {/* biome-ignore lint/performance/noImgElement: a data URL made on the server, not an optimisable asset */}
      <img src={qrCode} alt={`QR Code Pix da ${label}`} width={160} height={160} />
      <label className="field">
        <span>Pix copia e cola</span>
        <textarea readOnly rows={3} value={copyPaste} aria-label={`Pix copia e cola da ${label}`} />
      </label>
      <CopyButton value={copyPaste} label="Copiar código Pix" copiedText="Código copiado!" />
      <p className="muted">Válido até {formatDate(expiresAt)}.</p>
    </div>
  );
}
