"use client";

import { CopyButton } from "@/components/ui/copy-button";
import {
  buildShareMessage,
  mailtoHref,
  type ShareDocument,
  whatsappHref,
} from "@/lib/documents/share-message";

/**
 * "Enviar ao cliente": copy the typeable line or the signed link, or open a prepared e-mail or
 * WhatsApp message (to the insured's mobile when known). `label` names the document for screen
 * readers ("parcela 2").
 */
export function ShareActions({
  document,
  email,
  phone,
  label,
}: {
  document: ShareDocument;
  email?: string;
  phone?: string;
  label: string;
}) {
  const message = buildShareMessage(document);
  const link = document.links[0];
  return (
    <fieldset className="share-actions" aria-label={`Enviar ao cliente: ${label}`}>
      {document.typeableLine ? (
        <CopyButton
          value={document.typeableLine}
          label="Copiar linha digitável"
          copiedText="Linha copiada!"
        />
      ) : null}
      {link ? <CopyButton value={link.url} label="Copiar link" copiedText="Link copiado!" /> : null}
      <a className="btn btn-secondary btn-sm" href={mailtoHref(email, message)}>
        E-mail
        <span className="sr-only"> ({label})</span>
      </a>
      <a
        className="btn btn-secondary btn-sm"
        href={whatsappHref(message, phone)}
        target="_blank"
        rel="noopener noreferrer"
      >
        WhatsApp
        <span className="sr-only"> ({label}, abre em nova aba)</span>
      </a>
    </fieldset>
  );
}
