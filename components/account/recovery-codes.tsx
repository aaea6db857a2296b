"use client";

import { CopyButton } from "@/components/ui/copy-button";

/** The recovery codes, shown this once: each opens the portal one time without the app. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="alert alert-warning" role="status">
      <p>
        <strong>Guarde estes códigos de recuperação agora.</strong> Eles não serão mostrados de novo. Cada um
        serve uma única vez para entrar sem o aplicativo (celular perdido ou trocado).
      </p>
      <ol className="code" aria-label="Códigos de recuperação">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <CopyButton value={codes.join("\n")} label="Copiar os códigos" copiedText="Copiados!" />
    </div>
  );
}
